import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { startFakeFeedServer, type FakeFeedServer } from '../test/fakes/feeds.js';
import { withDatabase } from '../test/global-setup.js';
import { freePort } from './db/embedded.js';
import { childLogLine, LineSplitter, relayLines } from './process-log.js';
import { restartDelay } from './supervisor.js';

describe('restart back-off', () => {
  it('doubles from 1 s to at most 30 s while a child keeps crashing', () => {
    const delays: number[] = [];
    let last: number | null = null;
    for (let crash = 0; crash < 8; crash++) delays.push((last = restartDelay(last, 500)));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('starts over at 1 s once a child has stayed up a minute', () => {
    expect(restartDelay(30000, 59_999)).toBe(30000);
    expect(restartDelay(30000, 60_000)).toBe(1000);
    expect(restartDelay(8000, 3_600_000)).toBe(1000);
  });
});

describe('one log stream', () => {
  it('passes a record that names its role through unchanged', () => {
    const line = '{"level":30,"time":1,"role":"worker","msg":"feed polled","added":3}';
    expect(childLogLine(line, 'api')).toBe(line);
  });

  it('adds the role to a record without one, keeping its fields as written', () => {
    expect(childLogLine('{"level":50,"n":1.50,"msg":"x"}', 'worker')).toBe('{"role":"worker","level":50,"n":1.50,"msg":"x"}');
    expect(JSON.parse(childLogLine('{}', 'api'))).toEqual({ role: 'api' });
  });

  it('prefixes lines that are not log records', () => {
    expect(childLogLine('    at Server.setupListenHandle (node:net:1908:16)', 'api')).toBe('[api]     at Server.setupListenHandle (node:net:1908:16)');
    expect(childLogLine('{ role: "worker" } is not JSON', 'worker')).toBe('[worker] { role: "worker" } is not JSON');
    expect(childLogLine('["an","array"]', 'api')).toBe('[api] ["an","array"]');
    expect(childLogLine('', 'api')).toBe('[api] ');
  });

  it('cuts chunks into lines and hands over a last line without a line break at the end', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    splitter.push('one\ntw');
    splitter.push('o\n\nthr');
    expect(lines).toEqual(['one', 'two', '']);
    splitter.end();
    expect(lines).toEqual(['one', 'two', '', 'thr']);
    splitter.end();
    expect(lines).toHaveLength(4);
  });

  it('relays a stream line by line, a character split between chunks included, and flushes when it ends', async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let out = '';
    to.on('data', (c: Buffer) => (out += c.toString('utf8')));
    relayLines(from, to, 'worker');
    const euro = Buffer.from('€');
    from.write(Buffer.concat([Buffer.from('{"msg":"a"}\nprice 5'), euro.subarray(0, 1)]));
    from.write(Buffer.concat([euro.subarray(1), Buffer.from('\nTypeError: boom')]));
    from.end();
    await new Promise((resolve) => from.once('end', resolve));
    expect(out).toBe('{"role":"worker","msg":"a"}\n[worker] price 5€\n[worker] TypeError: boom\n');
  });
});

/**
 * The acceptance test of the default start: `server/main.ts` without a role, started as
 * scripts/start.mjs starts it, on a fresh database (DATABASE_URL). The worker child is killed in
 * the middle of a poll; the API keeps answering, the supervisor restarts the worker, and in the
 * end every item is archived once and no poll's work was done twice.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = 12;
const FIRST_FEEDS = 4;
const LATER_FEEDS = 3;
const PASSWORD = 'supervisor-test-pw-1';

interface LogRecord {
  level: number;
  role: string;
  msg: string;
  child?: string;
  pid?: number;
  signal?: string | null;
  feedId?: number;
  added?: number;
}

let feeds: FakeFeedServer;
let holding: HoldingServer;
let db: pg.Client;
let dbName: string;
let dataDir: string;
let server: ChildProcess | null = null;
const records: LogRecord[] = [];
let output = '';

/**
 * Serves one feed of the fake feed server, but holds the first request for it open and
 * unanswered: the poll that sent it is in flight until its worker dies.
 */
interface HoldingServer {
  url: string;
  /** Resolves when the first request has arrived (and is being held). */
  held: Promise<void>;
  close(): Promise<void>;
}

async function startHoldingServer(path: string): Promise<HoldingServer> {
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let first = true;
  const server = http.createServer((req, res) => {
    if (first) {
      first = false;
      return arrived();
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    res.end(feeds.body(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 120000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; server output:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The pids the supervisor reported starting for a role, in order. */
const startedPids = (role: string) => records.filter((r) => r.role === 'supervisor' && r.child === role && r.level === 30 && r.pid).map((r) => r.pid!);

function startDefault(port: number, env: Record<string, string>): ChildProcess {
  // As scripts/start.mjs runs it: no role, production, the server node flags; in a group of its own.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: 'false',
      ALLOW_PRIVATE_NETWORK: 'true',
      WEBSITE_ICONS_ENABLED: 'false',
      SCREENSHOTS_ENABLED: 'false',
      CRAWLER_HOST_CONCURRENCY: '4',
      // One poll per pg-boss batch (jobs of a batch complete together): only the held poll is in flight at the kill.
      CRAWLER_CONCURRENCY: '4',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  const lines = new LineSplitter((line) => {
    output += `${line}\n`;
    if (line.startsWith('{')) records.push(JSON.parse(line) as LogRecord);
  });
  child.stdout!.setEncoding('utf8').on('data', (text: string) => lines.push(text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  return child;
}

beforeAll(async () => {
  feeds = await startFakeFeedServer();
  const published = (f: number, i: number) => new Date(Date.now() - (f * ITEMS + i) * 60000);
  for (let f = 0; f <= FIRST_FEEDS + LATER_FEEDS; f++) {
    feeds.setFeed(`/sv/feed-${f}.xml`, {
      format: 'rss',
      title: `Outlet ${f}`,
      items: Array.from({ length: ITEMS }, (_, i) => ({
        title: `Story ${f}-${i}`,
        description: `Item ${i} of outlet ${f}`,
        url: `https://outlet${f}.example/story/${i}`,
        published: published(f, i),
      })),
    });
  }
  holding = await startHoldingServer('/sv/feed-0.xml');
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  dbName = `cw_t_${process.pid}_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${dbName} template ${inject('templateDb')}`);
  await admin.end();
  db = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), dbName) });
  await db.connect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-supervisor-'));
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, 'SIGKILL');
  await db?.end();
  await holding?.close();
  await feeds?.close();
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60000);

describe('npm start: the API and the worker under a supervisor', () => {
  it('keeps answering while a killed worker comes back, losing and repeating no poll; a killed API comes back too', { timeout: 420000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = startDefault(port, { DATABASE_URL: withDatabase(inject('pgAdminUrl'), dbName) });
    await waitFor('the banner', () => output.includes('Admin:'), 180000);
    expect(output).toContain(`Coverwatch`);
    expect(output).toContain('(api + worker) on external PostgreSQL');
    const token = await login(url);
    const post = (route: string, body: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify(body),
      }).then(async (r) => (r.ok ? ((await r.json()) as { data: { id: string } }).data : Promise.reject(new Error(`${route}: ${r.status} ${await r.text()}`))));
    const addFeed = async (f: number, feedUrl: string) => {
      const site = await post('/api/websites', { data: { type: 'website', attributes: { domain: `outlet${f}.example`, reach: 5, language: 'en' } } });
      const feed = await post('/api/feeds', {
        data: { type: 'feed', attributes: { feed: feedUrl, language: 'en', reach: 5, website_id: Number(site.id), type: 0 } },
      });
      return Number(feed.id);
    };

    // Feed 0's fetch is held open: the worker is in the middle of that poll when it dies.
    const heldFeedId = await addFeed(0, holding.url);
    for (let f = 1; f <= FIRST_FEEDS; f++) await addFeed(f, `${feeds.url}/sv/feed-${f}.xml`);
    await holding.held;
    const count = async (query: string) => Number((await db.query<{ n: number }>(query)).rows[0].n);
    await waitFor(
      'the other first feeds polled',
      async () =>
        (await count('select count(*) as n from articles')) === FIRST_FEEDS * ITEMS &&
        (await count(`select count(*) as n from pgboss.job where name = 'feeds-poll' and state = 'completed'`)) === FIRST_FEEDS,
    );
    const [workerPid] = startedPids('worker');

    // People keep using the app the whole time the worker is away.
    const answers: number[] = [];
    let browsing = true;
    const browse = (async () => {
      while (browsing) {
        answers.push((await fetch(`${url}/api/health`)).status);
        answers.push((await fetch(`${url}/api/projects`, { headers: { authorization: `Bearer ${token}` } })).status);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    process.kill(workerPid, 'SIGKILL');
    // Added while no worker runs: their polls wait in the queue for the next worker.
    for (let f = FIRST_FEEDS + 1; f <= FIRST_FEEDS + LATER_FEEDS; f++) await addFeed(f, `${feeds.url}/sv/feed-${f}.xml`);

    const crash = await waitFor('the crash report', () => records.find((r) => r.role === 'supervisor' && r.level === 50 && r.child === 'worker'));
    expect(crash).toMatchObject({ pid: workerPid, signal: 'SIGKILL', restartInMs: 1000 });
    const [, newWorkerPid] = await waitFor('a new worker', () => startedPids('worker').length === 2 && startedPids('worker'));
    expect(newWorkerPid).not.toBe(workerPid);

    const total = (FIRST_FEEDS + LATER_FEEDS + 1) * ITEMS;
    await waitFor('every item archived', async () => (await count('select count(*) as n from articles')) === total, 240000);
    browsing = false;
    await browse;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 200)).toEqual([]);

    // Each item once; each feed credited with exactly its items.
    expect(await count('select count(distinct url_key) as n from articles')).toBe(total);
    // And each with its key and its search row (one archive writer, one transaction).
    expect(await count('select count(*) as n from article_keys')).toBe(total);
    expect(await count('select count(*) as n from article_search')).toBe(total);
    // The feeds this test added (a start also writes the outlet directory's, disabled).
    const added = await db.query<{ articles_added: number }>(`select articles_added from feeds where origin = 'operator' order by id`);
    expect(added.rows.map((r) => r.articles_added)).toEqual(Array(FIRST_FEEDS + LATER_FEEDS + 1).fill(ITEMS));

    // The killed poll failed by its missing heartbeat, and its feed was polled again; no other poll failed.
    const jobs = await db.query<{ feed: number; state: string; message: string | null }>(
      `select (data->>'feedId')::int as feed, state, output->'value'->>'message' as message from pgboss.job where name = 'feeds-poll' order by created_on`,
    );
    expect(jobs.rows.filter((j) => j.state === 'failed')).toEqual([{ feed: heldFeedId, state: 'failed', message: 'job heartbeat timeout' }]);
    expect(jobs.rows.filter((j) => j.feed === heldFeedId).map((j) => j.state)).toEqual(['failed', 'completed']);
    expect(jobs.rows.every((j) => j.state === 'completed' || j.state === 'failed')).toBe(true);
    // Every feed's items were ingested by exactly one poll.
    const ingested = records.filter((r) => r.role === 'worker' && r.msg === 'feed polled' && r.added! > 0).map((r) => r.feedId);
    const feedIds = (await db.query<{ id: number }>(`select id from feeds where origin = 'operator' order by id`)).rows.map((r) => r.id);
    expect(ingested.sort((a, b) => a! - b!)).toEqual(feedIds);

    // The API child is restarted the same way.
    const [apiPid] = startedPids('api');
    process.kill(apiPid, 'SIGKILL');
    await waitFor('the API crash report', () => records.find((r) => r.role === 'supervisor' && r.level === 50 && r.child === 'api' && r.pid === apiPid));
    await waitFor('a new API', () => startedPids('api').length === 2);
    await waitFor('the new API answering', () =>
      fetch(`${url}/api/projects`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status === 200,
        () => false,
      ),
    );

    // Ctrl-C still stops everything.
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped.');
  });
});

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@coverwatch.local', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}
