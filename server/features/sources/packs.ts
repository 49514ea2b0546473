import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { languageName } from '../../../common/reference.js';
import {
  SOURCE_CATEGORIES,
  type SourceCategory,
  type SourcePackAttributes,
  type SourcesStatusAttributes,
  type SourcesSummary,
} from '../../../common/schemas/sources.js';
import type { Db, Tx } from '../../db/client.js';
import { sourcePacks } from '../../db/schema/sources.js';
import { notFound } from '../../http/errors.js';
import { readInstanceSetting, writeInstanceSetting } from '../auth/service.js';
import { enqueueFeedPolls, setPackFeedsEnabled } from '../crawler/service.js';

const FIRST_RUN_KEY = 'sources_first_run_done';

export interface PackRow extends Omit<SourcePackAttributes, 'changed-at'> {
  id: string;
  changedAt: Date | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** Every pack with its outlets and feeds counted, English first, then by language name and category. */
export async function listPacks(db: Tx, id?: string): Promise<PackRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select p.id, p.name, p.language, p.category, p.enabled, p.changed_at,
      count(distinct w.id) as outlets,
      count(distinct w.id) filter (where f.id is not null and not f.disabled) as enabled_outlets,
      count(f.id) as feeds,
      count(f.id) filter (where not f.disabled) as enabled_feeds
    from source_packs p
      left join websites w on w.pack_id = p.id
      left join feeds f on f.website_id = w.id and f.origin = 'directory'
    ${id === undefined ? sql`` : sql`where p.id = ${id}`}
    group by p.id`);
  const packs = rows.rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    language: String(r.language),
    category: r.category as SourceCategory,
    enabled: Boolean(r.enabled),
    changedAt: r.changed_at ? new Date(r.changed_at as string) : null,
    outlets: num(r.outlets),
    enabled_outlets: num(r.enabled_outlets),
    feeds: num(r.feeds),
    enabled_feeds: num(r.enabled_feeds),
  }));
  const rank = (p: PackRow) => (p.language === 'en' ? '' : languageName(p.language));
  return packs.sort((a, b) => rank(a).localeCompare(rank(b)) || SOURCE_CATEGORIES.indexOf(a.category) - SOURCE_CATEGORIES.indexOf(b.category));
}

/** The directory at a glance, and whether the operator has answered the first-run screen. */
export async function sourcesSummary(db: Tx): Promise<SourcesSummary> {
  const [counts] = (
    await db.execute<Record<string, unknown>>(sql`
      select (select count(*) from websites where directory is not null) as outlets,
             (select count(distinct language) from websites where directory is not null) as languages,
             (select count(*) from source_packs) as packs,
             (select count(*) from source_packs where enabled) as enabled_packs`)
  ).rows;
  return {
    directory_outlets: num(counts.outlets),
    directory_languages: num(counts.languages),
    packs: num(counts.packs),
    enabled_packs: num(counts.enabled_packs),
    first_run_done: (await readInstanceSetting(db, FIRST_RUN_KEY)) !== null,
  };
}

/** The first-run screen was answered (packs chosen or not): it is not offered again. */
export async function markFirstRunDone(db: Tx, now = new Date()): Promise<void> {
  await writeInstanceSetting(db, FIRST_RUN_KEY, now.toISOString());
}

/**
 * Switches a pack on or off: its directory feeds follow in the same transaction; switched on,
 * their polls are queued at once (after commit), not at the scheduler's next minute.
 */
export async function setPackEnabled(deps: { db: Db; boss: PgBoss | null }, id: string, enabled: boolean, now = new Date()): Promise<PackRow> {
  const changed = await deps.db.transaction(async (tx) => {
    const [pack] = await tx
      .update(sourcePacks)
      .set({ enabled, changedAt: now, updatedAt: now })
      .where(eq(sourcePacks.id, id))
      .returning({ id: sourcePacks.id });
    if (!pack) throw notFound('source pack');
    return setPackFeedsEnabled(tx, id, enabled, now);
  });
  if (enabled) await enqueueFeedPolls(deps.boss, changed);
  const [row] = await listPacks(deps.db, id);
  return row;
}

/** What is being watched, for every signed-in person (the empty feed and the alert preview say it). */
export async function sourcesStatus(db: Tx): Promise<Omit<SourcesStatusAttributes, 'can_suggest' | 'self_service'>> {
  const [r] = (
    await db.execute<Record<string, unknown>>(sql`
      select count(distinct w.id) as outlets, count(*) as feeds, count(distinct w.language) filter (where w.language <> 'unknown') as languages,
             max(f.last_success_at) as last_crawl_at,
             (select count(*) from websites d where d.directory is not null
                and not exists (select 1 from feeds e where e.website_id = d.id and not e.disabled)) as available
      from feeds f join websites w on w.id = f.website_id
      where not f.disabled`)
  ).rows;
  return {
    enabled_outlets: num(r.outlets),
    enabled_feeds: num(r.feeds),
    languages: num(r.languages),
    last_crawl_at: r.last_crawl_at ? new Date(r.last_crawl_at as string).toISOString() : null,
    available_outlets: num(r.available),
  };
}
