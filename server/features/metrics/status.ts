import type { CrawlerStatusAttributes, CrawlerWorker } from '../../../common/schemas/metrics.js';
import type { AppDeps } from '../../context.js';
import { readInstallation } from './installation.js';
import { apiLatency } from './latency.js';
import { articlesInWindow, currentArticlesHistory, STATUS_WINDOW_MS } from './process.js';
import type { JobCount, SnapshotRow } from './repo.js';

/** The crawler's feed-poll queue (CRAWLER_QUEUES.feedPoll: crawler sits above metrics, so it is named here). */
const POLL_QUEUE = 'feeds-poll';

const total = (jobs: JobCount[]) => jobs.reduce((n, j) => n + j.count, 0);

/** The single value of an unlabelled metric in a snapshot, or null when the process has none. */
function snapshotValue(row: SnapshotRow, name: string): number | null {
  return row.snapshot.metrics.find((m) => m.name === name)?.values[0]?.value ?? null;
}

const toMs = (seconds: number | null) => Math.round((seconds ?? 0) * 1000 * 10) / 10;

function workerOf(row: SnapshotRow): CrawlerWorker {
  return {
    role: row.role,
    pid: row.pid,
    host: row.host,
    started_at: row.startedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    event_loop_max_ms: toMs(snapshotValue(row, 'coverwatch_event_loop_delay_max_seconds')),
    event_loop_p99_ms: toMs(snapshotValue(row, 'coverwatch_event_loop_delay_p99_seconds')),
  };
}

/** The freshest reporting process that runs the crawler: its throttle sets the limit, at least 1. */
function ingestLimit(snapshots: SnapshotRow[], max: number): CrawlerStatusAttributes['ingest_limit'] {
  for (const row of snapshots) {
    const current = snapshotValue(row, 'coverwatch_crawler_ingest_limit');
    if (current) return { current, max };
  }
  return null;
}

/**
 * The operator's view of the crawler now: feeds due and failing, the queue, the ingest rate of
 * the last 5 minutes (this process and every reporting one), this API process's latency, and the
 * reporting processes themselves.
 */
export async function crawlerStatus(deps: Pick<AppDeps, 'db' | 'boss' | 'config'>): Promise<CrawlerStatusAttributes> {
  const [{ feeds, jobs, snapshots, others }, ownArticles] = await Promise.all([readInstallation(deps), currentArticlesHistory()]);
  const articles = [ownArticles, ...others.map((s) => s.snapshot.articles)].reduce((sum, h) => sum + articlesInWindow(h), 0);
  const polls = jobs.filter((j) => j.queue === POLL_QUEUE);
  const minutes = STATUS_WINDOW_MS / 60_000;
  return {
    measured_at: feeds.measuredAt.toISOString(),
    feeds: { total: feeds.total, enabled: feeds.enabled, due: feeds.due, failing: feeds.failing },
    health: feeds.health,
    feed_polls: { waiting: total(polls.filter((j) => j.state !== 'active')), active: total(polls.filter((j) => j.state === 'active')) },
    jobs_waiting: total(jobs.filter((j) => j.state !== 'active')),
    articles_last_5_minutes: articles,
    articles_per_minute: Math.round((articles / minutes) * 10) / 10,
    api_latency_ms: apiLatency.summary(),
    // Every process reads the same configuration (one environment, or one deployment's).
    ingest_limit: ingestLimit(snapshots, deps.config.crawler.ingestConcurrency),
    workers: snapshots.map(workerOf),
  };
}
