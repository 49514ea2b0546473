import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/db/embedded.js';

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
    JSON.stringify({ name, at: new Date().toISOString(), size: size(), cpus: os.cpus().length, node: process.version, rows, ...extra }, null, 2),
  );
  console.log(`wrote ${path.relative(root, file)}`);
}

/** Peak resident set size (VmHWM) of a process, in MB. */
export function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

export interface ServerHandle {
  url: string;
  pid: number;
  engine: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`server/main.ts`) in its own process, on a throwaway embedded
 * database unless DATABASE_URL is set, so the load generator does not share its event loop.
 */
export async function startServer(env: Record<string, string> = {}): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-'));
  fs.chmodSync(dataDir, 0o755);
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
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
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
