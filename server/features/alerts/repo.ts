import { and, asc, count, desc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alertArticles, alerts } from '../../db/schema/coverage.js';
import { idFilter, pageWindow } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';
import { mediaSql } from '../../db/media-sql.js';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertWithTotal = AlertRow & { totalArticles: number };

export const ALERT_SORTS = ['name', 'inserted_at', 'updated_at'] as const;
export const ALERT_FILTERS = ['project_id'] as const;

/**
 * The feed's visible size: the sum of the alert's count deltas (alert_feed_counts). Written with
 * qualified names: drizzle leaves columns unqualified in a one-table select, and a bare "id"
 * would be the counter row's own id.
 */
const totalArticles = sql<number>`(
  select coalesce(sum(c.delta), 0) from alert_feed_counts c where c.alert_id = "alerts"."id"
)`.mapWith(Number);

const sortColumns: Record<(typeof ALERT_SORTS)[number], SQL | typeof alerts.insertedAt> = {
  name: sql`lower(${alerts.name})`,
  inserted_at: alerts.insertedAt,
  updated_at: alerts.updatedAt,
};

export async function listAlerts(db: Tx, orgId: number, params: ListParams): Promise<{ rows: AlertWithTotal[]; total: number }> {
  const projectId = idFilter(params, 'project_id');
  const where = and(eq(alerts.organizationId, orgId), projectId !== undefined ? eq(alerts.projectId, projectId) : undefined);
  const { limit, offset } = pageWindow(params);
  const order = params.sort.map((s) => {
    const col = sortColumns[s.field as keyof typeof sortColumns];
    return s.desc ? desc(col) : asc(col);
  });
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...getTableColumns(alerts), totalArticles })
      .from(alerts)
      .where(where)
      .orderBy(...order, asc(alerts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(alerts).where(where),
  ]);
  return { rows, total: n };
}

export async function findAlert(db: Tx, orgId: number, id: number): Promise<AlertWithTotal | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(alerts), totalArticles })
    .from(alerts)
    .where(and(eq(alerts.organizationId, orgId), eq(alerts.id, id)));
  return row;
}

/** What an alert's feed needs of the alert (id, project, last run). */
export interface FeedAlert {
  id: number;
  projectId: number;
  lastRunAt: Date | null;
}

/** The alert whose feed is read, if it is the organization's (every feed route's tenant check). */
export async function findFeedAlert(db: Tx, orgId: number, alertId: number): Promise<FeedAlert | undefined> {
  const res = await db.execute<{ id: number; project_id: number; last_run_at: Date | null }>(
    sql`select id, project_id, last_run_at from alerts where organization_id = ${orgId} and id = ${alertId}`,
  );
  const r = res.rows[0];
  return r && { id: r.id, projectId: r.project_id, lastRunAt: r.last_run_at ? new Date(r.last_run_at) : null };
}

/** The alert row, locked for the rest of the transaction (undefined for another organization's id). */
export async function lockAlert(tx: Tx, orgId: number, id: number): Promise<AlertRow | undefined> {
  const [row] = await tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.organizationId, orgId), eq(alerts.id, id)))
    .for('update');
  return row;
}

/**
 * How many alerts the project has, other than `exceptId`: its alerts by their own project_id, and
 * the one its `alert_id` links to if that is another (a link set by PATCH projects). The count
 * the alerts-per-project limit is checked against.
 */
export async function countProjectAlerts(tx: Tx, orgId: number, project: { id: number; alertId: number | null }, exceptId?: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(alerts)
    .where(
      and(
        eq(alerts.organizationId, orgId),
        or(eq(alerts.projectId, project.id), project.alertId !== null ? eq(alerts.id, project.alertId) : undefined),
        exceptId !== undefined ? ne(alerts.id, exceptId) : undefined,
      ),
    );
  return n;
}

/** The project's oldest alert (the one its `alert_id` link falls back to), if it has any. */
export async function oldestProjectAlertId(tx: Tx, orgId: number, projectId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.organizationId, orgId), eq(alerts.projectId, projectId)))
    .orderBy(asc(alerts.insertedAt), asc(alerts.id))
    .limit(1);
  return row?.id;
}

export type AlertValues = Omit<typeof alerts.$inferInsert, 'id' | 'organizationId' | 'insertedAt' | 'updatedAt' | 'lastRunAt' | 'active'>;

export async function insertAlert(tx: Tx, orgId: number, values: AlertValues): Promise<AlertRow> {
  const [row] = await tx
    .insert(alerts)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row;
}

export async function updateAlertRow(tx: Tx, orgId: number, id: number, values: Partial<AlertValues>): Promise<void> {
  const set: PgUpdateSetSource<typeof alerts> = { ...values, updatedAt: new Date() };
  await tx
    .update(alerts)
    .set(set)
    .where(and(eq(alerts.organizationId, orgId), eq(alerts.id, id)));
}

export async function deleteAlertRow(tx: Tx, orgId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(alerts)
    .where(and(eq(alerts.organizationId, orgId), eq(alerts.id, id)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** A feed row as inserted; its sort columns may be SQL (feedSortValues). */
export type NewFeedRow = PgInsertValue<typeof alertArticles>;

/** Adds ready-made rows to alert feeds in one statement (the demo seed's matches). */
export async function insertFeedRows(tx: Tx, rows: NewFeedRow[]): Promise<void> {
  if (rows.length) await tx.insert(alertArticles).values(rows);
}

/**
 * Hides articles from an alert's feed for good (the matcher never adds them again); returns
 * the ids that were in the feed. Already hidden ones keep their first deletion time.
 */
export async function hideFeedArticles(db: Tx, orgId: number, alertId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(alertArticles)
    .set({ deletedAt: sql`coalesce(${alertArticles.deletedAt}, now())` })
    .where(and(eq(alertArticles.organizationId, orgId), eq(alertArticles.alertId, alertId), inArray(alertArticles.articleId, ids)))
    .returning({ id: alertArticles.articleId });
  return new Set(rows.map((r) => r.id));
}

/** The count of POST analytics/articles/count stops here: an estimate for the alert form, not a report. */
export const ARCHIVE_COUNT_CAP = 100_000;

/**
 * Archive articles of the last two months matching a query (the shared archive, not tenant
 * data). Counting stops after ARCHIVE_COUNT_CAP matches so a very common term answers as fast
 * as a rare one; `capped` says the true count is higher. Read from the narrow search table:
 * the months' GIN indexes find the matches, reach is beside them, no wide article row is read.
 */
export async function countRecentMatches(db: Tx, tsquery: string, minReach: number | null = null): Promise<{ count: number; capped: boolean }> {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from article_search
       where search @@ ${tsquery}::tsquery and pub_date >= now() - interval '2 months'
         and (${minReach}::real is null or reach >= ${minReach}::real)
       limit ${ARCHIVE_COUNT_CAP + 1}
    ) m`);
  const n = Number(res.rows[0].n);
  return n > ARCHIVE_COUNT_CAP ? { count: ARCHIVE_COUNT_CAP, capped: true } : { count: n, capped: false };
}

/** A sample of the alert preview as read from the archive. */
export type PreviewSampleRow = {
  id: number;
  title: string;
  url: string;
  media: string;
  pub_date: string;
};

/**
 * The newest `limit` archive articles of the last two months matching a query, at least
 * `minReach` when given (shared archive, no tenant data), with their outlet. The page is
 * picked in the search table; only its rows are read from the articles, by their whole key.
 * A common word materializes its matches' (id, pub_date) pairs, 16 bytes each, sorted top-N.
 */
export async function recentMatchSamples(db: Tx, tsquery: string, minReach: number | null, limit: number): Promise<PreviewSampleRow[]> {
  // The matches first (each month's GIN index), then the newest of them: with the order and
  // limit beside the condition, the planner walks the months backwards by date for a rare
  // word, reading every article of two months to find none.
  const res = await db.execute<PreviewSampleRow>(sql`
    with matches as materialized (
      select s.id, s.pub_date from article_search s
       where s.search @@ ${tsquery}::tsquery and s.pub_date >= now() - interval '2 months'
         and (${minReach}::real is null or s.reach >= ${minReach}::real)
    )
    select a.id, a.title, a.url, ${mediaSql(sql`w.domain`, sql`a.url`)} as media,
           to_char(a.pub_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as pub_date
      from (select id, pub_date from matches order by pub_date desc, id desc limit ${limit}) m
      join articles a on a.id = m.id and a.pub_date = m.pub_date
      left join websites w on w.id = a.website_id
     order by m.pub_date desc, m.id desc`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Folds each alert's feed-count deltas (alert_feed_counts) into one row once it has gathered
 * more than `threshold`, so summing them stays a read of a few rows. The DELETE sees the rows
 * of its snapshot only: deltas appended meanwhile by an ingest stay, and the sum is unchanged.
 */
export async function compactAlertFeedCounts(db: Tx, threshold = 20) {
  const res = await db.execute(sql`
    with busy as (
      select alert_id from alert_feed_counts group by alert_id having count(*) > ${threshold}
    ), gone as (
      delete from alert_feed_counts c using busy b where c.alert_id = b.alert_id returning c.alert_id, c.delta
    )
    insert into alert_feed_counts (alert_id, delta)
    select alert_id, sum(delta) from gone group by alert_id`);
  return { compactedAlerts: res.rowCount ?? 0 };
}

/**
 * Alert feed rows of these websites' articles take the article's current score (the copy the
 * feed's sort and filter indexes read), after the archive was rescored in the same transaction.
 * Rows deleted from a feed keep theirs. Returns rows changed.
 */
export async function rescoreAlertArticles(tx: Tx, websiteIds: number[]): Promise<number> {
  if (!websiteIds.length) return 0;
  const { rowCount } = await tx.execute(sql`
    update alert_articles aa set reach = a.reach
    from articles a
    where a.website_id = any(${sql.param(websiteIds)}::int[]) and aa.article_id = a.id
      and aa.deleted_at is null and aa.reach is distinct from a.reach`);
  return rowCount ?? 0;
}
