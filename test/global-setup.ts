import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../server/db/embedded.js';
import { migrateDatabase } from '../server/db/migrate.js';
import { convertArchive } from '../server/features/crawler/conversion.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
  }
}

/**
 * One PostgreSQL server per test run: the embedded one (fsync off, thrown away afterwards), or
 * the server named by DATABASE_URL. A migrated template database is created once; each test
 * file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedServer | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coverwatch-test-'));
    fs.chmodSync(dir, 0o755);
    server = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = server.url;
  }
  const templateDb = `cw_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  await migrateDatabase(withDatabase(adminUrl, templateDb));
  // As every start does after migrating: tests see the final layout (no articles_unpartitioned,
  // the article references validated), as an installation does once its archive is converted.
  await convertArchive(withDatabase(adminUrl, templateDb), { batch: 10000, log: { info() {}, warn() {} } });
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    // Drop what this run created on a shared server; the embedded one goes away whole.
    if (!server) {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'cw\\_t\\_%' escape '\\' and datname like $1`,
        [`%_${process.pid}_%`],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${templateDb} with (force)`);
    }
    await admin.end();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
