import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A streaming-replication hot standby of a local PostgreSQL server, for tests: a base backup
 * (`pg_basebackup -R`) in a temporary folder, started on a free port with the same major
 * version's binaries. PostgreSQL refuses to run as root, so as root its commands run as the
 * `postgres` user (runuser) and the folder is theirs.
 */
const run = promisify(execFile);

export interface Standby {
  port: number;
  /** `database` on the standby, as the primary's URL names it otherwise. */
  url(database: string): string;
  /** Stops the server (fast shutdown: its sessions are ended); a stopped one is left alone. */
  stop(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
  /** The server's log, for a failure's message. */
  log(): string;
}

function binDir(major: number) {
  return `/usr/lib/postgresql/${major}/bin`;
}

/** How a command runs as the postgres user: directly when we are that user, through runuser as root. */
function asPostgres(file: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

/**
 * Why a standby of the server at `adminUrl` cannot be made here, or null when it can: the server
 * answers, its binaries are installed, we may run them as postgres, and pg_hba.conf lets
 * 127.0.0.1 open replication connections.
 */
export async function standbyUnavailable(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    return `no PostgreSQL answers at ${new URL(adminUrl).host} (${(err as Error).message}); set DATABASE_URL to a local PostgreSQL 15 superuser URL`;
  }
  try {
    const { rows } = await client.query<{ major: number; superuser: string }>(
      `select current_setting('server_version_num')::int / 10000 as major, current_setting('is_superuser') as superuser`,
    );
    const { major, superuser } = rows[0];
    if (superuser !== 'on') return `the user of ${adminUrl} is not a superuser (base backups and replay control need one)`;
    if (!fs.existsSync(path.join(binDir(major), 'pg_basebackup'))) return `PostgreSQL ${major}'s binaries are not in ${binDir(major)}`;
    if (process.getuid?.() !== 0 && os.userInfo().username !== 'postgres')
      return 'the test runs neither as root nor as postgres, so it cannot start a PostgreSQL server';
    const hba = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_hba_file_rules where type = 'host' and 'replication' = any(database) and error is null and auth_method = 'trust'`,
    );
    if (hba.rows[0].n === 0) return "pg_hba.conf has no 'host replication all 127.0.0.1/32 trust' line (.ci/run adds it)";
    return null;
  } finally {
    await client.end();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Takes a base backup of the server at `adminUrl` and starts it as a hot standby; resolves once it answers in recovery. */
export async function startStandby(adminUrl: string, settings: Record<string, string> = {}): Promise<Standby> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A standby refuses to start with fewer of these than its primary has.
  const { rows } = await admin.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings
      where name in ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')
      union all select 'major', (current_setting('server_version_num')::int / 10000)::text`,
  );
  // A physical slot keeps the primary's WAL until the standby has it, however much the other
  // databases of a shared server write meanwhile. Slots of runs that died are dropped here.
  const slot = `cw_standby_${process.pid}_${Date.now().toString(36)}`;
  const stale = await admin.query<{ slot_name: string }>(`select slot_name from pg_replication_slots where slot_name like 'cw\\_standby\\_%' and not active`);
  for (const { slot_name } of stale.rows) {
    const pid = Number(slot_name.split('_')[2]);
    if (!processAlive(pid)) await admin.query('select pg_drop_replication_slot($1)', [slot_name]).catch(() => undefined);
  }
  await admin.query('select pg_create_physical_replication_slot($1, true)', [slot]);
  await admin.end();
  const dropSlot = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [slot]).finally(() => c.end());
  };
  const primary = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  const bin = binDir(Number(primary.major));
  const u = new URL(adminUrl);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-standby-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let started = false;
  const standby: Standby = {
    port: 0,
    url: (database) => `postgres://${encodeURIComponent(decodeURIComponent(u.username || 'postgres'))}@127.0.0.1:${standby.port}/${database}`,
    async stop() {
      if (!started || !fs.existsSync(path.join(data, 'postmaster.pid'))) return;
      await run(...asPostgres(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60']));
    },
    async destroy() {
      try {
        await standby.stop();
      } catch {
        await run(...asPostgres(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w'])).catch(() => undefined);
      }
      fs.rmSync(dir, { recursive: true, force: true });
      await dropSlot();
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : ''),
  };
  try {
    if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
    // -c fast: a checkpoint now, not one spread over minutes; -R: standby.signal, primary_conninfo
    // and primary_slot_name. A backup cut short (the server ending the WAL stream) is taken again.
    const backup = [
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-S',
      slot,
      '-c',
      'fast',
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        await run(...asPostgres(path.join(bin, 'pg_basebackup'), backup), { timeout: 300_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        fs.rmSync(data, { recursive: true, force: true });
      }
    }
    // Debian keeps the configuration outside the data folder: the standby gets its own.
    const files: Record<string, string> = {
      'postgresql.conf': '',
      'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
      'pg_ident.conf': '',
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(data, name);
      if (!fs.existsSync(file)) fs.writeFileSync(file, text);
    }
    if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir]);
    const options = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      hot_standby: 'on',
      hot_standby_feedback: 'on',
      shared_buffers: '32MB',
      fsync: 'off',
      max_connections: primary.max_connections,
      max_worker_processes: primary.max_worker_processes,
      max_wal_senders: primary.max_wal_senders,
      max_prepared_transactions: primary.max_prepared_transactions,
      max_locks_per_transaction: primary.max_locks_per_transaction,
      ...settings,
    };
    // A port taken between the check and the start fails the start: try another.
    for (let attempt = 0; ; attempt++) {
      standby.port = await freePort();
      const flags = [`-p ${standby.port}`, ...Object.entries(options).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
      try {
        started = true;
        await run(...asPostgres(path.join(bin, 'pg_ctl'), ['start', '-D', data, '-l', logFile, '-w', '-t', '120', '-o', flags]));
        break;
      } catch (err) {
        started = fs.existsSync(path.join(data, 'postmaster.pid'));
        if (attempt >= 2 || !/could not bind|Address already in use/.test(standby.log())) throw err;
      }
    }
    await waitFor(async () => {
      const c = new pg.Client({ connectionString: standby.url('postgres'), connectionTimeoutMillis: 2000 });
      try {
        await c.connect();
        return (await c.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0].r;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    }, 120_000);
    return standby;
  } catch (err) {
    const log = standby.log();
    await standby.destroy().catch(() => undefined);
    throw new Error(`the standby did not start: ${(err as Error).message}\n${log}`, { cause: err });
  }
}

/** Polls `check` every 100 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what = 'a condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the standby has replayed everything the primary had written when this was called. */
export async function waitForReplay(primary: pg.Client | pg.Pool, standby: pg.Client | pg.Pool, timeoutMs = 60_000): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const lsn = rows[0].lsn;
  await waitFor(
    async () => (await standby.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])).rows[0].done,
    timeoutMs,
    `the standby to replay ${lsn}`,
  );
}
