import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppDeps } from './context.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { StartupError } from './lifecycle.js';

/**
 * The installation's database server, and nothing of the application: the supervisor
 * (server/supervisor.ts) starts it before any process that loads the app's code.
 */

export type DatabaseKind = AppDeps['databaseKind'];

export interface DatabaseServer {
  url: string;
  kind: DatabaseKind;
  /** Stops the embedded server and releases the data folder; nothing for DATABASE_URL's server. */
  stop(): Promise<void>;
}

/**
 * The installation's database: DATABASE_URL's, or else the embedded PostgreSQL in DATA_DIR,
 * started by this process (which claims the folder) with the `coverwatch` database ensured.
 */
export async function openDatabaseServer(config: Config, log: Logger): Promise<DatabaseServer> {
  if (config.databaseUrl) return { url: config.databaseUrl, kind: 'external', stop: async () => {} };
  claimDataDir(config.dataDir);
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      log: (line) => log.info(line),
      ownProcessGroup: true,
    });
    await ensureDatabase(embedded.url, 'coverwatch');
    return {
      url: embedded.url.replace(/\/postgres$/, '/coverwatch'),
      kind: 'embedded',
      stop: () => embedded.stop().finally(() => releaseDataDir(config.dataDir)),
    };
  } catch (err) {
    releaseDataDir(config.dataDir);
    throw err;
  }
}

async function ensureDatabase(adminUrl: string, name: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * One process owns an embedded database. A second `npm start` on the same data folder would
 * otherwise adopt the first one's PostgreSQL and stop it on its way out.
 */
function claimDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, 'coverwatch.pid');
  const other = Number(fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8').trim() : 0);
  if (other && other !== process.pid && isRunning(other)) {
    throw new StartupError(`Another Coverwatch process (pid ${other}) is running on ${dataDir}. Stop it first, or set DATA_DIR.`);
  }
  fs.writeFileSync(lock, String(process.pid));
}

function releaseDataDir(dataDir: string) {
  const lock = path.join(dataDir, 'coverwatch.pid');
  if (fs.existsSync(lock) && fs.readFileSync(lock, 'utf8').trim() === String(process.pid)) fs.rmSync(lock);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
