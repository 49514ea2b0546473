import pg from 'pg';
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../server/config.js';
import { createDatabase } from '../../server/db/client.js';
import { Authenticator } from '../../server/http/auth.js';
import { DiskStorage } from '../../server/storage/storage.js';
import { buildApp, type App } from '../../server/app.js';
import type { AppDeps } from '../../server/context.js';
import { withDatabase } from '../global-setup.js';

export interface TestContext {
  app: App;
  deps: AppDeps;
  config: Config;
  dbUrl: string;
  close(): Promise<void>;
  /** `app.inject` with a JSON:API body and an optional bearer token. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/** A fresh database (cloned from the migrated template) and an app built on it. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('templateDb');
  const name = `cw_t_${process.pid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const dbUrl = withDatabase(adminUrl, name);
  return appOnDatabase(dbUrl, env, async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
}

/**
 * An app on an existing database (`dbUrl`), configured as tests configure it plus `env`;
 * `dropDatabase` runs on close after the app and its pool are gone.
 */
export async function appOnDatabase(dbUrl: string, env: Record<string, string> = {}, dropDatabase: () => Promise<void> = async () => {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    CAPTCHA_DIFFICULTY: '1000',
    // Tests read Super Search's total on the page; the ones about `counting` set their own wait.
    SEARCH_TOTAL_WAIT_MS: '10000',
    ...env,
  });
  const database = createDatabase(dbUrl, { max: 5, statementTimeoutMs: Number(env.DATABASE_STATEMENT_TIMEOUT_MS ?? 10000) });
  const deps: AppDeps = {
    config,
    db: database.db,
    pool: database.pool,
    authenticator: new Authenticator(database.db, config.jwtSecret!),
    storage: new DiskStorage(path.join(dataDir, 'uploads')),
    boss: null,
    databaseKind: 'external',
  };
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    deps,
    config,
    dbUrl,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
    call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/vnd.api+json';
      return app.inject({ method, url, headers, payload: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    },
  };
}
