import { FEED_HEALTH, type FeedHealth } from '../../../common/schemas/sources.js';
import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { processMetrics } from '../../db/schema/operations.js';
import type { CounterHistory } from './process.js';

/** A metric as `registry.getMetricsAsJSON()` returns it and `AggregatorRegistry.aggregate` takes it. */
export interface MetricJson {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: { value: number; labels: Record<string, string | number>; metricName?: string }[];
}

/** What a process writes to `process_metrics.snapshot`. */
export interface SnapshotBody {
  metrics: MetricJson[];
  articles: CounterHistory;
}

export type SnapshotRow = typeof processMetrics.$inferSelect & { snapshot: SnapshotBody };

/** A process's snapshot, replacing its previous one; `updated_at` is the database's clock, as the readers'. */
export async function upsertSnapshot(db: Db, row: Omit<SnapshotRow, 'updatedAt'>): Promise<void> {
  await db
    .insert(processMetrics)
    .values(row)
    .onConflictDoUpdate({ target: processMetrics.instance, set: { snapshot: row.snapshot, updatedAt: sql`now()` } });
}

/** Removes the rows of processes silent for `seconds` (killed, or their machine gone). */
export async function sweepSnapshots(db: Db, seconds: number): Promise<void> {
  await db.delete(processMetrics).where(lt(processMetrics.updatedAt, sql`now() - make_interval(secs => ${seconds})`));
}

export async function deleteSnapshot(db: Db, instance: string): Promise<void> {
  await db.delete(processMetrics).where(eq(processMetrics.instance, instance));
}

/** Snapshots updated within `seconds`, freshest first. */
export async function listFreshSnapshots(db: Db, seconds: number): Promise<SnapshotRow[]> {
  const rows = await db
    .select()
    .from(processMetrics)
    .where(gt(processMetrics.updatedAt, sql`now() - make_interval(secs => ${seconds})`))
    .orderBy(desc(processMetrics.updatedAt));
  return rows as SnapshotRow[];
}

export interface FeedCounts {
  measuredAt: Date;
  total: number;
  enabled: number;
  disabled: number;
  due: number;
  failing: number;
  /** Enabled feeds by health (every FEED_HEALTH word, 0 when none). */
  health: Record<FeedHealth, number>;
}

/**
 * The crawler's feeds by state, read for the operator's telemetry (crawler owns `feeds`; metrics
 * sits below it in the feature graph, so it reads rather than calls). `failing` is an enabled
 * feed with errors since its last success, as the Websites pages show it. The database's clock
 * is the measurement's, as in `updated_at` of the snapshots it is compared with.
 */
export async function countFeeds(db: Db): Promise<FeedCounts> {
  const { rows } = await db.execute<{ now: string; total: number; enabled: number; due: number; failing: number }>(sql`
    select to_json(now()) #>> '{}' as now,
           count(*)::int as total,
           (count(*) filter (where not disabled))::int as enabled,
           (count(*) filter (where not disabled and next_check_at <= now()))::int as due,
           (count(*) filter (where not disabled and error_count > 0))::int as failing
      from feeds`);
  const r = rows[0];
  const byHealth = await db.execute<{ health: string; n: number }>(sql`select health, count(*)::int as n from feeds where not disabled group by health`);
  const health = Object.fromEntries(FEED_HEALTH.map((h) => [h, 0])) as Record<FeedHealth, number>;
  for (const { health: h, n } of byHealth.rows) if (h in health) health[h as FeedHealth] = n;
  return { measuredAt: new Date(r.now), total: r.total, enabled: r.enabled, disabled: r.total - r.enabled, due: r.due, failing: r.failing, health };
}

export interface JobCount {
  queue: string;
  state: 'created' | 'retry' | 'active';
  count: number;
}

/**
 * pg-boss jobs waiting (created, retry) and running (active) by queue, counted in its job table:
 * its own queue statistics are refreshed by the workers' monitor only every minute.
 */
export async function countJobs(db: Db): Promise<JobCount[]> {
  const { rows } = await db.execute<{ queue: string; state: JobCount['state']; count: number }>(sql`
    select name as queue, state::text as state, count(*)::int as count
      from pgboss.job
     where state in ('created', 'retry', 'active')
     group by name, state
     order by name, state`);
  return rows;
}
