/**
 * The ranking lists and their entries (owner: reach). A list is loaded in one transaction into
 * its own table, attached at the end as a partition of `ranking_entries` and made current in the
 * same commit: readers see the old list until the new one is complete, and a failure or a power
 * cut leaves no trace of the new one. Replaced lists' entries are dropped after the commit.
 */
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { RankingSource } from '../../../common/schemas/reach.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { DEFAULT_RANKING_LIMITS, readRanking, type RankingCounts, type RankingLimits } from './ranking-parse.js';

/** One import at a time across processes (the API takes uploads, the worker fetches). */
const IMPORT_LOCK = 727_026;

export interface RankingListMeta {
  source: RankingSource;
  sourceUrl: string | null;
  trancoId: string | null;
  /** `YYYY-MM-DD`: the day the list describes. */
  listDate: string;
}

export interface ImportedList {
  id: number;
  domains: number;
  skipped: number;
  lines: number;
}

export class RankingBusyError extends AppError {
  constructor() {
    super('conflict', 'A ranking is being imported already; try again once it is done.');
  }
}

/** Loads a ranking file as the new current list (see the module comment). */
export async function importRankingList(
  db: Db,
  meta: RankingListMeta,
  source: Readable,
  limits: RankingLimits = DEFAULT_RANKING_LIMITS,
): Promise<ImportedList> {
  const counts: RankingCounts = { lines: 0, entries: 0, skipped: 0 };
  const imported = await db.transaction(async (tx) => {
    const { rows: lock } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK}) as ok`);
    if (!lock[0]?.ok) throw new RankingBusyError();
    // The entries are written in bulk and read by exact key: no need to wait for a sync per batch.
    await tx.execute(sql`set local synchronous_commit = off`);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into ranking_lists (source, source_url, tranco_id, list_date, domains, skipped, current)
      values (${meta.source}, ${meta.sourceUrl}, ${meta.trancoId}, ${meta.listDate}::date, 0, 0, false) returning id`);
    const id = rows[0].id;
    const table = sql.identifier(`ranking_entries_${id}`);
    await tx.execute(sql`create table ${table} (list_id integer not null check (list_id = ${sql.raw(String(id))}), domain text not null, rank integer not null,
      primary key (list_id, domain))`);
    for await (const batch of readRanking(source, counts, limits)) {
      // A domain twice in one batch (subdomains of one registrable domain) keeps its best rank.
      const best = new Map<string, number>();
      for (const e of batch) {
        const r = best.get(e.domain);
        if (r === undefined || e.rank < r) best.set(e.domain, e.rank);
      }
      await tx.execute(sql`
        insert into ${table} (list_id, domain, rank)
        select ${id}, d, r from unnest(${sql.param([...best.keys()])}::text[], ${sql.param([...best.values()])}::int[]) as t(d, r)
        on conflict (list_id, domain) do update set rank = least(${table}.rank, excluded.rank)`);
    }
    const { rows: n } = await tx.execute<{ n: string }>(sql`select count(*)::text as n from ${table}`);
    const domains = Number(n[0].n);
    // Lines that named a domain already ranked (a subdomain, a repeat) are counted as skipped.
    const skipped = counts.skipped + (counts.entries - domains);
    await tx.execute(sql`alter table ranking_entries attach partition ${table} for values in (${sql.raw(String(id))})`);
    await tx.execute(sql`update ranking_lists set current = false where current`);
    await tx.execute(sql`update ranking_lists set current = true, domains = ${domains}, skipped = ${skipped}, imported_at = now() where id = ${id}`);
    return { id, domains, skipped, lines: counts.lines };
  });
  await dropReplacedLists(db);
  return imported;
}

/** Drops the entries of lists that are no longer current (their ranking_lists rows stay, for the scores' basis). */
export async function dropReplacedLists(db: Db | Tx): Promise<number> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = 'ranking_entries'
       and c.relname <> all (select 'ranking_entries_' || id from ranking_lists where current)`);
  for (const r of rows) await db.execute(sql`drop table if exists ${sql.identifier(r.name)}`);
  // Tables of imports that never attached (none survive a rollback, but a crash between steps of an older release could).
  const { rows: loose } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c
     where c.relname ~ '^ranking_entries_[0-9]+$' and c.relkind = 'r' and not c.relispartition
       and c.relname <> all (select 'ranking_entries_' || id from ranking_lists where current)`);
  for (const r of loose) await db.execute(sql`drop table if exists ${sql.identifier(r.name)}`);
  return rows.length + loose.length;
}

export interface CurrentList {
  id: number;
  source: RankingSource;
  sourceUrl: string | null;
  trancoId: string | null;
  listDate: string;
  domains: number;
  skipped: number;
  importedAt: Date;
}

export async function currentList(db: Db | Tx): Promise<CurrentList | null> {
  const { rows } = await db.execute<{
    id: number;
    source: RankingSource;
    source_url: string | null;
    tranco_id: string | null;
    list_date: string;
    domains: number;
    skipped: number;
    imported_at: Date;
  }>(sql`select id, source, source_url, tranco_id, list_date::text, domains, skipped, imported_at from ranking_lists where current`);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    source: r.source,
    sourceUrl: r.source_url,
    trancoId: r.tranco_id,
    listDate: r.list_date,
    domains: r.domains,
    skipped: r.skipped,
    importedAt: new Date(r.imported_at),
  };
}

/** When a list last arrived from this source (any, current or replaced), or null. */
export async function lastImportFrom(db: Db | Tx, source: RankingSource): Promise<Date | null> {
  const { rows } = await db.execute<{ at: Date | null }>(sql`select max(imported_at) as at from ranking_lists where source = ${source}`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}
