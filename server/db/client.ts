import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = NodePgDatabase<Record<string, never>>;
/** A Drizzle handle that is either the pool or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

// Timestamps and bigint counts come back as JS values we can serialise directly.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function createDatabase(url: string, opts: { max: number; statementTimeoutMs: number }): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max,
    idleTimeoutMillis: 30000,
    connectionTimeoutMillis: 10000,
    statement_timeout: opts.statementTimeoutMs,
    application_name: 'coverwatch',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool) as Db;
  return { pool, db, close: () => pool.end() };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the generated migrations (append-only, in server/db/migrations). */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
