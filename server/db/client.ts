import pg from 'pg';
import { createHash } from 'node:crypto';
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

/**
 * A client that runs every parameterised query as a named prepared statement, keyed by a hash
 * of its text. PostgreSQL then parses and plans each distinct query once per connection instead
 * of on every call, which is most of a short query's cost (measured in bench/api). The set of
 * distinct texts is bounded: our queries are built from code, values always travel as params.
 */
class PreparingClient extends pg.Client {
  // pg's overloads are many; we only touch the object form with values.
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'text' in config && !('name' in config)) {
      const c = config as { text: string; values?: unknown[]; name?: string };
      if (Array.isArray(c.values) && c.values.length > 0) c.name = statementName(c.text);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `cw_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size > 5000) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * A pool on `url`. `applicationName` names the process's role in pg_stat_activity
 * (`coverwatch-api`, `coverwatch-worker`): the crawler reads it to see people's requests waiting.
 */
export function createDatabase(url: string, opts: { max: number; statementTimeoutMs: number; applicationName?: string }): Database {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: opts.max,
    idleTimeoutMillis: 30000,
    connectionTimeoutMillis: 10000,
    statement_timeout: opts.statementTimeoutMs,
    application_name: opts.applicationName ?? 'coverwatch',
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
