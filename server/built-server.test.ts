import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFeedServer, type FakeFeedServer } from '../test/fakes/feeds.js';
import { processTree } from '../bench/lib.js';
import { freePort } from './db/embedded.js';

/**
 * The server as `npm start` runs it in production: built ahead of time (scripts/build-server.mjs)
 * and run with plain `node`. No process of the tree loads a TypeScript compiler, and the parts
 * that find files beside their code at run time work
 * from the bundle: the migrations, the outlet directory, and the feed parser's worker thread
 * (feed discovery parses every candidate on it).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JSONAPI = 'application/vnd.api+json';
let outdir: string;
let dataDir: string;
let feeds: FakeFeedServer;
let server: ChildProcess | null = null;
let output = '';

const cmdline = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
/** The files a process has mapped or loaded (its memory maps name every native library and the executable). */
const maps = (pid: number) => fs.readFileSync(`/proc/${pid}/maps`, 'utf8');

beforeAll(async () => {
  // Inside the checkout: the bundle imports its packages from node_modules, as dist/server does.
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  outdir = fs.mkdtempSync(path.join(root, 'dist', 'server-test-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-built-data-'));
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${outdir}`], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  feeds = await startFakeFeedServer();
  feeds.setFeed('/built/feed.xml', {
    format: 'rss',
    title: 'Built outlet',
    items: [{ title: 'A story', description: 'Read on a parse thread', url: 'https://built.example/a', published: new Date() }],
  });
}, 60000);

afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(-server.pid, 'SIGINT');
    await exited;
  }
  await feeds?.close();
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60000);

describe('the built server (npm start in production)', () => {
  it('runs from JavaScript alone: migrates, seeds, serves, parses feeds on its thread, and no process loads tsx or esbuild', { timeout: 180000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'built-test-pw-1',
      SEED_DEMO: 'false',
      ALLOW_PRIVATE_NETWORK: 'true',
      WEBSITE_ICONS_ENABLED: 'false',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    server = spawn(process.execPath, [path.join(outdir, 'main.js')], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (c) => (output += c));
    server.stderr!.on('data', (c) => (output += c));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120000;
    while (!output.includes('Admin:')) {
      if (server.exitCode !== null) throw new Error(`the built server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the built server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // The outlet directory (read beside the bundle) was written at start: its packs are listed.
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@coverwatch.local', password: 'built-test-pw-1' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
    const auth = { authorization: `Bearer ${token}`, accept: JSONAPI };
    const packs = (await (await fetch(`${url}/api/source_packs`, { headers: auth })).json()) as { data: { attributes: { outlets: number } }[] };
    expect(packs.data.reduce((n, p) => n + p.attributes.outlets, 0)).toBeGreaterThanOrEqual(400);

    // Discovery proves a feed by parsing it on the parser's worker thread (parse-thread.js).
    const discovered = await fetch(`${url}/api/feeds/discover`, {
      method: 'POST',
      headers: { ...auth, 'content-type': JSONAPI },
      body: JSON.stringify({ data: { type: 'feed_discovery', attributes: { url: `${feeds.url}/built/feed.xml` } } }),
    });
    expect(discovered.status, await discovered.clone().text()).toBe(200);
    const found = ((await discovered.json()) as { data: { attributes: { feeds: { url: string; items: number }[] } } }).data.attributes.feeds;
    expect(found).toEqual([expect.objectContaining({ url: `${feeds.url}/built/feed.xml`, items: 1 })]);

    // Three node processes (the supervisor, the API, the worker), none with tsx or esbuild.
    const pids = processTree(server.pid!);
    const nodes = pids.filter((pid) => {
      try {
        return cmdline(pid).includes(outdir);
      } catch {
        return false;
      }
    });
    expect(nodes.map((pid) => cmdline(pid).replace(/^.*main\.js\s*/, '') || 'supervisor').sort()).toEqual(['--role=api', '--role=worker', 'supervisor']);
    for (const pid of pids) {
      let cmd: string;
      let mapped: string;
      try {
        cmd = cmdline(pid);
        mapped = maps(pid);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // a postgres backend that ended
        throw err;
      }
      expect(cmd).not.toMatch(/\btsx\b|esbuild/);
      expect(mapped).not.toMatch(/esbuild/);
    }
  });
});
