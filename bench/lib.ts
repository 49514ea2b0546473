import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { freePort } from '../server/db/embedded.js';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Row {
  operation: string;
  engine: string;
  n: number;
  median_ms: number;
  p95_ms: number;
  p99_ms: number;
  throughput: number;
  throughput_unit: string;
  peak_rss_mb: number;
}

export function size(): 'small' | 'large' {
  return process.argv.includes('--size=large') ? 'large' : 'small';
}

/** The `--size=` a bench ran with, as given (`large`, or bench/search.ts's `1m`, `10m`), for its result file. */
function sizeArgument(): string {
  return process.argv.find((a) => a.startsWith('--size='))?.slice('--size='.length) || 'small';
}

export function printTable(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({
      operation: r.operation,
      engine: r.engine,
      n: r.n,
      'median ms': r.median_ms,
      'p95 ms': r.p95_ms,
      'p99 ms': r.p99_ms,
      throughput: `${r.throughput} ${r.throughput_unit}`,
      'peak RSS MB': r.peak_rss_mb,
    })),
  );
}

export function writeResults(name: string, rows: Row[], extra: Record<string, unknown> = {}) {
  const file = path.join(root, 'bench', 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({ name, at: new Date().toISOString(), size: sizeArgument(), cpus: os.cpus().length, node: process.version, rows, ...extra }, null, 2),
  );
  console.log(`wrote ${path.relative(root, file)}`);
}

/** Current resident set size (VmRSS) of a process, in MB. */
export function rssMb(pid: number): number {
  return procStatusMb(pid, 'VmRSS');
}

/** Peak resident set size (VmHWM) of a process, in MB. */
export function peakRssMb(pid: number): number {
  return procStatusMb(pid, 'VmHWM');
}

function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The pids of a process and all its descendants (supervisor, API and worker children). */
export function processTree(pid: number): number[] {
  const out = [pid];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/).map(Number) : []) out.push(...processTree(child));
    }
  } catch {
    // The process is gone.
  }
  return out;
}

/** Peak resident set size summed over a process tree (the default start is three processes). */
export function treePeakRssMb(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + peakRssMb(p), 0);
}

export interface ServerHandle {
  url: string;
  pid: number;
  engine: string;
  /** Ctrl-C: the server shuts down as it would for an operator, then its data folder is removed. */
  stop(): Promise<void>;
  /** SIGKILL, no shutdown (the machine lost); its data folder is removed once it is gone. */
  kill(): Promise<void>;
}

/**
 * Starts the real server (`server/main.ts`) in its own process, on a throwaway embedded
 * database unless DATABASE_URL is set, so the load generator does not share its event loop.
 */
export async function startServer(env: Record<string, string> = {}, opts: { args?: string[] } = {}): Promise<ServerHandle> {
  // A caller that must know the address in advance (PUBLIC_URL for WebSub) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-'));
  fs.chmodSync(dataDir, 0o755);
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', 'server/main.ts', ...(opts.args ?? [])], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      // Benchmarks and browser journeys reach nothing but 127.0.0.1: outlet icons (fetched from
      // each outlet's own site) stay off unless a caller turns them on.
      WEBSITE_ICONS_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG=<file> keeps the server's whole output (with --trace-gc in BENCH_SERVER_NODE_ARGS, its GC pauses;
  // BENCH_SERVER_LOG_LEVEL=info adds every request, job and poll line).
  const keep = process.env.BENCH_SERVER_LOG ? fs.createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' }) : null;
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (c) => {
      if (output.length < 1_000_000) output += c;
      keep?.write(c);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const engine = (env.DATABASE_URL ?? process.env.DATABASE_URL) ? 'postgres (DATABASE_URL)' : 'embedded postgres 18';
  return {
    url,
    pid: child.pid!,
    engine,
    stop: () => end('SIGINT'),
    kill: () => end('SIGKILL'),
  };
  async function end(signal: NodeJS.Signals) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const JSONAPI = 'application/vnd.api+json';

/** One JSON:API call as the admin: returns the document's `data`, throws on a non-2xx answer. */
export async function api(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': JSONAPI, accept: JSONAPI },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

export async function login(url: string, email = 'admin@coverwatch.local', password = 'bench-password-1'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.attributes.token;
}

/** A seeded pseudo-random generator (mulberry32) for deterministic data. */
export function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchDatabase {
  /** A connection URL for a fresh, empty database. */
  url: string;
  engine: string;
  stop(): Promise<void>;
}

/**
 * A fresh database the benchmark can also write to directly (bulk data through SQL): a new
 * database on the server named by DATABASE_URL, or a throwaway embedded PostgreSQL.
 */
export async function startBenchDatabase(name: string): Promise<BenchDatabase> {
  const { default: pg } = await import('pg');
  const external = process.env.DATABASE_URL;
  if (external) {
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    const db = `bench_${name}_${process.pid}`;
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.query(`create database ${db}`);
    await admin.end();
    const u = new URL(external);
    u.pathname = `/${db}`;
    return {
      url: u.toString(),
      engine: 'postgres (DATABASE_URL)',
      async stop() {
        const a = new pg.Client({ connectionString: external });
        await a.connect();
        await a.query(`drop database if exists ${db} with (force)`);
        await a.end();
      },
    };
  }
  const { startEmbeddedPostgres } = await import('../server/db/embedded.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cw-bench-${name}-`));
  fs.chmodSync(dir, 0o755);
  // Same durability settings as `npm start` (fsync on): figures must hold for the real thing.
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  return {
    url: server.url,
    engine: 'embedded postgres 18',
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[i] * 100) / 100;
}

/** One request of the people's load (bench/responsiveness.ts --load): which endpoint, how long, what status. */
export interface LoadSample {
  endpoint: 'projects' | 'articles_feed';
  ms: number;
  status: number;
}

/**
 * People reading the app while something else happens: 20 requests/s of projects and an articles
 * feed from a child process of its own (bench/responsiveness.ts's load generator), until `until`
 * settles; answers the samples. The caller awaits `until` itself and sees its error.
 */
export async function underLoad(url: string, token: string, alertId: number, until: Promise<unknown>): Promise<LoadSample[]> {
  const generator = path.join(root, 'bench', 'responsiveness.ts');
  const child = fork(generator, ['--load', url, token, String(alertId)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await until.catch(() => {});
  const samples = new Promise<LoadSample[]>((resolve) => child.once('message', (m) => resolve(m as LoadSample[])));
  child.send('stop');
  return samples;
}

/** The table's rows for each phase's samples, per endpoint ("throughput" = the slowest request). */
export function latencyRows(phases: [string, LoadSample[]][], engine: string, peakRssMb: number): Row[] {
  const rows: Row[] = [];
  for (const [phase, samples] of phases) {
    for (const endpoint of ['projects', 'articles_feed'] as const) {
      const ms = samples.filter((s) => s.endpoint === endpoint).map((s) => s.ms);
      rows.push({
        operation: `${endpoint} (${phase})`,
        engine,
        n: ms.length,
        median_ms: percentile(ms, 50),
        p95_ms: percentile(ms, 95),
        p99_ms: percentile(ms, 99),
        throughput: Math.round(Math.max(...ms)),
        throughput_unit: 'ms max',
        peak_rss_mb: peakRssMb,
      });
    }
  }
  return rows;
}

/**
 * `concurrency` clients asking in a loop for `seconds`; latencies of every request, each to the
 * response's last byte. The clients share the server's two cores, so they are undici requests
 * over kept-alive connections reading raw bytes: fetch and text decoding cost 2 ms of CPU per
 * 500-row page (13 % of the machine at that size), taken from the server being measured.
 */
export async function load(url: string, token: string, path: string, seconds: number, concurrency = 4) {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 30_000 });
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < until) {
          const t = performance.now();
          const res = await request(`${url}${path}`, { dispatcher: agent, headers: { authorization: `Bearer ${token}`, accept: JSONAPI } });
          if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${(await res.body.text()).slice(0, 300)}`);
          let bytes = 0;
          for await (const chunk of res.body) bytes += (chunk as Buffer).length;
          if (bytes === 0) throw new Error(`${path}: empty response`);
          latencies.push(performance.now() - t);
        }
      }),
    );
  } finally {
    await agent.close();
  }
  return latencies;
}
