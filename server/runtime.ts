import path from 'node:path';
import pino from 'pino';
import type { PgBoss } from 'pg-boss';
import type { Config, Role } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { openDatabaseServer, prepareDatabase, type DatabaseKind, type DatabaseServer } from './database-setup.js';
import type { BootstrapResult } from './seed/seed.js';
import { Authenticator } from './http/auth.js';
import { loadTokenSecret } from './features/auth/service.js';
import { configureParsePool } from './features/crawler/service.js';
import { createSlackBotPoster } from './features/slack/service.js';
import { DiskStorage } from './storage/storage.js';
import { startBoss, stopBoss } from './jobs/boss.js';
import { errorFields, errorSerializers } from './jobs/log-errors.js';
import { requestLogFields } from './http/request-log.js';
import { assertCanListen, listenProblem } from './listen-check.js';
import type { App } from './app.js';
import { lowerWorkerPriority } from './db/priority.js';
import { startMetricsSnapshots } from './features/metrics/snapshots.js';
import type { AppDeps } from './context.js';

export interface Runtime {
  app: App | null;
  deps: AppDeps;
  /** What the bootstrap seed did; null in a supervised child that did not prepare the database. */
  bootstrap: BootstrapResult | null;
  url: string | null;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  listen?: boolean;
  /**
   * Set in a child of the supervisor (server/supervisor.ts): the supervisor owns the database
   * (DATABASE_URL, of this kind), so this process neither starts nor stops it.
   */
  supervisedDatabase?: DatabaseKind;
  /**
   * With `supervisedDatabase`: this child migrates and seeds the database before it starts (the
   * supervisor's API child; the worker starts once it has). Unsupervised processes always do.
   */
  prepare?: boolean;
}

/**
 * Starts what a role needs: the database (embedded unless DATABASE_URL; unless supervised),
 * migrations and the bootstrap seed (unless supervised without `prepare`), the job queue, and for
 * `all`/`api` the HTTP server.
 */
export async function startRuntime(config: Config, role: Role, opts: RuntimeOptions = {}): Promise<Runtime> {
  const log = pino({ level: config.logLevel, base: { role }, serializers: errorSerializers });
  // Both roles parse feeds (polls, WebSub pushes, feed discovery): one deadline for each parse thread.
  configureParsePool({ deadlineMs: config.crawler.parseTimeoutMs });
  const listens = role !== 'worker' && opts.listen !== false;
  if (listens) await assertCanListen(config.host, config.port);
  const server: DatabaseServer = opts.supervisedDatabase
    ? { url: config.databaseUrl!, kind: opts.supervisedDatabase, stop: async () => {} }
    : await openDatabaseServer(config, log);
  const url = server.url;
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
      await step('stopping the embedded PostgreSQL', () => server.stop());
    })());
  try {
    database = createDatabase(url, {
      max: config.poolMax,
      statementTimeoutMs: config.statementTimeoutMs,
      // The crawler's controller counts `coverwatch-api` queries running to yield to people.
      applicationName: role === 'all' ? 'coverwatch' : `coverwatch-${role}`,
    });
    if (role === 'worker') lowerWorkerPriority({ pool: database.pool, url, nice: config.workerNice, log });
    const result = !opts.supervisedDatabase || opts.prepare ? await prepareDatabase(url, database.db, config, log) : null;
    const secret = await loadTokenSecret(database.db, config);
    // One poster for the Slack app's channels per process: the job workers' notifier and the API's routes share it.
    const slackBot = createSlackBotPoster({ db: database.db, config });
    boss = await startBoss({ url, db: database.db, config, log, work: role !== 'api', slackBot });
    // A process that runs jobs copies its measurements where GET /metrics and the crawler status find them.
    if (role !== 'api') stopSnapshots = startMetricsSnapshots({ db: database.db, role, log });
    const deps: AppDeps = {
      config,
      db: database.db,
      pool: database.pool,
      authenticator: new Authenticator(database.db, secret),
      storage: new DiskStorage(path.join(config.dataDir, 'uploads')),
      boss,
      databaseKind: server.kind,
      slackBot,
    };
    let address: string | null = null;
    if (role !== 'worker') {
      // Loaded only where it serves: the worker process never loads the HTTP app and its routes.
      const { buildApp } = await import('./app.js');
      app = await buildApp(deps, { logger: { level: config.logLevel, base: { role }, serializers: { ...errorSerializers, req: requestLogFields } } });
      // The port can still be taken between the check and here: the same clear error then.
      if (listens)
        address = await app
          .listen({ host: config.host, port: config.port })
          .catch((err: unknown) => Promise.reject(listenProblem(err, config.host, config.port) ?? err));
    }
    return { app, deps, bootstrap: result, url: address, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
