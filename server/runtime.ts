import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { PgBoss } from 'pg-boss';
import type { Config, Role } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { migrateDatabase } from './db/migrate.js';
import { bootstrap, type BootstrapResult } from './seed/seed.js';
import { Authenticator } from './http/auth.js';
import { loadTokenSecret } from './features/auth/service.js';
import { DiskStorage } from './storage/storage.js';
import { startBoss, stopBoss } from './jobs/boss.js';
import { errorFields, errorSerializers } from './jobs/log-errors.js';
import { requestLogFields } from './http/request-log.js';
import { buildApp, type App } from './app.js';
import { lowerWorkerPriority } from './db/priority.js';
import { startMetricsSnapshots } from './features/metrics/snapshots.js';
import type { AppDeps } from './context.js';

export interface Runtime {
  app: App | null;
  deps: AppDeps;
  bootstrap: BootstrapResult;
  url: string | null;
  stop(): Promise<void>;
}

/**
 * Starts what a role needs: the database (embedded unless DATABASE_URL), migrations, the
 * bootstrap seed, the job queue, and for `all`/`api` the HTTP server.
 */
export async function startRuntime(config: Config, role: Role, opts: { listen?: boolean } = {}): Promise<Runtime> {
  const log = pino({ level: config.logLevel, base: { role }, serializers: errorSerializers });
  let embedded: EmbeddedServer | null = null;
  let url = config.databaseUrl;
  if (!url) {
    claimDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      log: (line) => log.info(line),
      ownProcessGroup: true,
    });
    await ensureDatabase(embedded.url, 'coverwatch');
    url = embedded.url.replace(/\/postgres$/, '/coverwatch');
  }
  let database: Database | null = null;
  let boss: PgBoss | null = null;
  let app: App | null = null;
  let stopSnapshots: (() => Promise<void>) | null = null;
  // In order: no new requests, no new jobs (running ones finish), the pool, then the database
  // they all use. A step that fails is a warning: the next steps still run.
  let stopping: Promise<void> | null = null;
  const step = async (what: string, fn: () => Promise<unknown> | undefined) => {
    try {
      await fn();
    } catch (err) {
      log.warn({ err: errorFields(err) }, `${what} failed while stopping`);
    }
  };
  const stop = () =>
    (stopping ??= (async () => {
      await step('closing the HTTP server', () => app?.close());
      await step('stopping the metrics snapshots', () => stopSnapshots?.());
      await step('stopping the job queue', () => (boss ? stopBoss(boss) : undefined));
      await step('closing the database pool', () => database?.close());
      await step('stopping the embedded PostgreSQL', () => embedded?.stop());
      if (embedded) releaseDataDir(config.dataDir);
    })());
  try {
    await migrateDatabase(url);
    database = createDatabase(url, {
      max: config.poolMax,
      statementTimeoutMs: config.statementTimeoutMs,
      // The crawler's controller counts `coverwatch-api` queries running to yield to people.
      applicationName: role === 'all' ? 'coverwatch' : `coverwatch-${role}`,
    });
    if (role === 'worker') lowerWorkerPriority({ pool: database.pool, url, nice: config.workerNice, log });
    const result = await bootstrap(database.db, config);
    if (result.generatedPassword) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(path.join(config.dataDir, 'initial-admin-password'), result.generatedPassword + '\n', { mode: 0o600 });
    }
    const secret = await loadTokenSecret(database.db, config);
    boss = await startBoss({ url, db: database.db, config, log, work: role !== 'api' });
    // A worker copies its measurements where the API's GET /metrics finds them.
    if (role === 'worker') stopSnapshots = startMetricsSnapshots({ db: database.db, role, log });
    const deps: AppDeps = {
      config,
      db: database.db,
      pool: database.pool,
      authenticator: new Authenticator(database.db, secret),
      storage: new DiskStorage(path.join(config.dataDir, 'uploads')),
      boss,
      databaseKind: embedded ? 'embedded' : 'external',
    };
    let address: string | null = null;
    if (role !== 'worker') {
      app = await buildApp(deps, { logger: { level: config.logLevel, base: { role }, serializers: { ...errorSerializers, req: requestLogFields } } });
      if (opts.listen !== false) address = await app.listen({ host: config.host, port: config.port });
    }
    return { app, deps, bootstrap: result, url: address, stop };
  } catch (err) {
    await stop();
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
    throw new Error(`Another Coverwatch process (pid ${other}) is running on ${dataDir}. Stop it first, or set DATA_DIR.`);
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
