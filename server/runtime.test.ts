import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.js';

/**
 * `npm start`, then Ctrl-C: the terminal sends SIGINT to its foreground process group. The server
 * runs as it does under npm start (a supervisor with its API and worker children, embedded
 * PostgreSQL, its own data folder) in a group of its own, and the test signals that whole group
 * as a terminal would.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDirs: string[] = [];
function newDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-runtime-'));
  fs.chmodSync(dir, 0o755); // as root, the postgres user must reach it
  dataDirs.push(dir);
  return dir;
}
const dataDir = newDataDir();
let running: ChildProcess | null = null;

afterAll(async () => {
  if (running && running.exitCode === null && running.signalCode === null) process.kill(-running.pid!, 'SIGKILL');
  // A server left by a failed run is stopped by its pid file, then the folders go.
  for (const dir of dataDirs) {
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid && alive(pid)) {
      process.kill(pid, 'SIGINT');
      while (alive(pid)) await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60000);

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the server and sends the group SIGINT once `output` contains `when`. */
async function startThenInterrupt(port: number, when = '  Password:', dir = dataDir) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'runtime-test-pw-1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running = child;
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      // The whole line, not only its start: the pipe may deliver it in two chunks.
      const at = output.indexOf(when);
      if (at >= 0 && output.indexOf('\n', at) > 0) return resolve();
      if (child.exitCode !== null) return reject(new Error(`the server exited during start-up:\n${output}`));
      setTimeout(check, 100);
    };
    check();
  });
  const started = output;
  process.kill(-child.pid!, 'SIGINT');
  const code = await exited;
  // The supervisor waits for its API and worker children: none may outlive it.
  const children = [...started.matchAll(/"child":"(?:api|worker)","pid":(\d+)/g)].map((m) => Number(m[1]));
  return { code, started, shutdown: output.slice(started.length), children, childrenLeft: children.filter(alive) };
}

/**
 * What the terminal shows after Ctrl-C, less the info lines of requests made before it (the
 * supervisor's own health check is logged by the API child, relayed, and may land after the banner).
 */
const shutdownLines = (text: string) => text.split('\n').filter((l) => l.trim() && !/^\{"level":30,/.test(l));

const errorLines = (text: string) => text.split('\n').filter((l) => /"level":(50|60)\b/.test(l) || /\berror\b/i.test(l));

describe('npm start, then Ctrl-C', () => {
  it('stops in two lines, leaves no database running, and the next start reuses the data', { timeout: 180000 }, async () => {
    const port = await freePort();
    const first = await startThenInterrupt(port);
    expect(first.started).toContain(`App:        http://127.0.0.1:${port}`); // printed once it listens
    expect(first.started).toContain('the ADMIN_PASSWORD you set'); // a fresh database
    expect(shutdownLines(first.shutdown)).toEqual(['Stopping…', 'Stopped.']);
    expect(errorLines(first.started + first.shutdown)).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.children).toHaveLength(2);
    expect(first.childrenLeft).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = await startThenInterrupt(await freePort());
    expect(second.started).not.toContain('initialising');
    expect(second.started).toContain('set on first start'); // the admin of the first run
    expect(shutdownLines(second.shutdown)).toEqual(['Stopping…', 'Stopped.']);
    expect(errorLines(second.started + second.shutdown)).toEqual([]);
    expect(second.code).toBe(0);
  });

  it('stops what it started when Ctrl-C comes during the start', { timeout: 180000 }, async () => {
    // The database is up; migrations and the first bootstrap are still to run.
    const dir = newDataDir();
    const run = await startThenInterrupt(await freePort(), 'embedded PostgreSQL ready', dir);
    expect(run.code).toBe(0);
    expect(run.shutdown).toContain('Stopping…');
    expect(run.shutdown).toContain('Stopped.');
    expect(errorLines(run.started + run.shutdown)).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
