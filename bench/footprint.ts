// `npm run bench -- --only=footprint`: what the default start costs a self-hoster. Runs `npm start`
// exactly as a person would (npm, the start script, the supervisor, the API, the worker and the
// embedded PostgreSQL) on a fresh data folder, waits until it answers, lets it sit idle for a
// minute after the demo seed, and sums the proportional set size (PSS, from
// /proc/<pid>/smaps_rollup: shared pages split between the processes that map them) and the
// resident set size over the whole process tree. Then it stops it and starts it again on the same
// data folder: the second start's time to healthy is the restart a self-hoster waits for.
//
// Options: --idle-seconds=N (default 60). The web app and the server must be built (`npm run build`;
// `npm start` builds them itself when they are missing, which this bench does not time).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/db/embedded.js';
import { processTree, root, writeResults, type Row } from './lib.js';

const PSS_BUDGET_MB = 300;
const RESTART_BUDGET_S = 3;
const idleSeconds = Number(process.argv.find((a) => a.startsWith('--idle-seconds='))?.slice('--idle-seconds='.length) ?? 60);

interface Sample {
  pid: number;
  command: string;
  pssMb: number;
  rssMb: number;
}

/** PSS and RSS of one process in MB, from smaps_rollup (kB fields). */
function memoryOf(pid: number): { pssMb: number; rssMb: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) / 1024;
    return { pssMb: field('Pss'), rssMb: field('Rss') };
  } catch {
    return null; // gone, or a kernel thread
  }
}

function commandOf(pid: number): string {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return argv
      .map((a) => (a.startsWith(root) ? path.relative(root, a) : a))
      .join(' ')
      .slice(0, 90);
  } catch {
    return '?';
  }
}

function sampleTree(pid: number): Sample[] {
  const out: Sample[] = [];
  for (const p of new Set(processTree(pid))) {
    const memory = memoryOf(p);
    if (memory) out.push({ pid: p, command: commandOf(p), ...memory });
  }
  return out;
}

interface Started {
  child: ChildProcess;
  healthyMs: number;
  output: () => string;
}

async function start(dataDir: string, port: number): Promise<Started> {
  const began = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'warn',
      WEBSITE_ICONS_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: the stop below reaches every process, as a Ctrl-C would
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (c) => (output += c));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`npm start did not answer within 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, healthyMs: performance.now() - began, output: () => output };
}

async function stop(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  // npm exits when its script does; wait for the database too (it stops last).
  for (let i = 0; i < 100 && processTreeAlive(child.pid!); i++) await new Promise((r) => setTimeout(r, 100));
}

function processTreeAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function ensureBuilt() {
  if (fs.existsSync(path.join(root, 'dist', 'web', 'index.html')) && fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) return;
  console.log('building (npm run build)…');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-footprint-'));
const port = await freePort();
let first: Started | null = null;
let second: Started | null = null;
try {
  first = await start(dataDir, port);
  console.log(`first start (initdb, migrations, demo seed) healthy after ${(first.healthyMs / 1000).toFixed(1)} s; idle ${idleSeconds} s…`);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const samples = sampleTree(first.child.pid!).sort((a, b) => b.pssMb - a.pssMb);
  const pss = samples.reduce((s, x) => s + x.pssMb, 0);
  const rss = samples.reduce((s, x) => s + x.rssMb, 0);
  console.log(`\nProcess tree of npm start, idle ${idleSeconds} s after the first start`);
  console.table(samples.map((s) => ({ pid: s.pid, 'PSS MB': Math.round(s.pssMb), 'RSS MB': Math.round(s.rssMb), command: s.command })));
  console.log(`total: ${samples.length} processes, PSS ${pss.toFixed(0)} MB (budget ${PSS_BUDGET_MB}), RSS ${rss.toFixed(0)} MB`);
  await stop(first);

  second = await start(dataDir, port);
  console.log(`second start (same data folder) healthy after ${(second.healthyMs / 1000).toFixed(2)} s (budget ${RESTART_BUDGET_S} s)`);
  await stop(second);

  const row = (operation: string, ms: number, extra: Partial<Row> = {}): Row => ({
    operation,
    engine: 'embedded postgres 18',
    n: 1,
    median_ms: Math.round(ms),
    p95_ms: Math.round(ms),
    p99_ms: Math.round(ms),
    throughput: 0,
    throughput_unit: '',
    peak_rss_mb: 0,
    ...extra,
  });
  writeResults('footprint', [row('first start to healthy', first.healthyMs), row('second start to healthy', second.healthyMs)], {
    idle_seconds: idleSeconds,
    processes: samples.length,
    pss_mb: Math.round(pss),
    rss_mb: Math.round(rss),
    pss_budget_mb: PSS_BUDGET_MB,
    restart_budget_s: RESTART_BUDGET_S,
    tree: samples.map((s) => ({ command: s.command, pss_mb: Math.round(s.pssMb), rss_mb: Math.round(s.rssMb) })),
  });
  const failed = [
    pss > PSS_BUDGET_MB && `PSS ${pss.toFixed(0)} MB > ${PSS_BUDGET_MB} MB`,
    second.healthyMs > RESTART_BUDGET_S * 1000 && `second start ${(second.healthyMs / 1000).toFixed(2)} s > ${RESTART_BUDGET_S} s`,
  ].filter(Boolean);
  if (failed.length) {
    console.log(`\nover budget: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  for (const s of [first, second]) if (s) await stop(s).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}
