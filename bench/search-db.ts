// bench/search's database: where the archive is loaded, the note it leaves, and the sizes it measures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Loaded {
  articles: number;
  end: string;
  load_seconds: number;
  index_seconds: number;
  vacuum_seconds: number;
  loaded_at: string;
}

/** A named database on DATABASE_URL's server, or on an embedded server (kept under tmp with `reuse`). */
export async function serverUrl(reuse: boolean, label: string): Promise<{ url: string; engine: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, engine: 'postgres (DATABASE_URL)', stop: async () => {} };
  const { startEmbeddedPostgres } = await import('../server/db/embedded.js');
  const dir = path.join(os.tmpdir(), reuse ? `cw-bench-search-${label}` : `cw-bench-search-${label}-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  // Same durability settings as `npm start` (fsync on): figures must hold for the real thing.
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  return {
    url: server.url,
    engine: 'embedded postgres',
    async stop() {
      await server.stop();
      if (!reuse) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The archive the database holds, from the note the load leaves on it (COMMENT ON DATABASE), checked against its rows. */
export async function loadedArchive(db: pg.Client, archive: number): Promise<Loaded | null> {
  const { rows } = await db.query(`select shobj_description(oid, 'pg_database') as note from pg_database where datname = current_database()`);
  if (!rows[0]?.note) return null;
  const note = JSON.parse(rows[0].note) as Loaded;
  if (note.articles !== archive) return null;
  const { rows: n } = await db.query('select count(*)::int as n from article_keys');
  return n[0].n === archive ? note : null;
}

export async function relationBytes(db: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    // pg_partition_tree lists a partitioned table's partitions (and itself); a plain table, nothing.
    const { rows } = await db.query(
      `select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree($1::regclass)), pg_total_relation_size($1::regclass))::bigint as bytes`,
      [t],
    );
    out[t] = Number(rows[0].bytes);
  }
  return out;
}

/** The same rows in the layout before 0016 (one table with its search column and its four indexes), measured then dropped. */
export async function legacySize(db: pg.Client, log: (l: string) => void) {
  const t = performance.now();
  await db.query('drop table if exists legacy_articles');
  await db.query(`set maintenance_work_mem = '512MB'`);
  await db.query(`create table legacy_articles as
    select a.id, a.url_key, a.url, a.full_url, a.title, a.description, a.html, a.author, a.image, a.language, a.pub_date,
           a.first_seen_at, a.website_id, a.feed_id, a.reach, a.muv, a.is_metacritic, a.source, s.search
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date order by a.id`);
  // Migrations 0001 and 0006: the primary key, url_key unique, (pub_date, id), (website_id, pub_date), GIN(search).
  await db.query('alter table legacy_articles add primary key (id)');
  await db.query('create unique index on legacy_articles (url_key)');
  await db.query('create index on legacy_articles (pub_date, id)');
  await db.query('create index on legacy_articles (website_id, pub_date)');
  await db.query('create index on legacy_articles using gin (search)');
  await db.query('vacuum analyze legacy_articles');
  const { rows } = await db.query(`select pg_total_relation_size('legacy_articles')::bigint as bytes`);
  await db.query('drop table legacy_articles');
  log(`  pre-0016 layout built and measured in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return Number(rows[0].bytes);
}
