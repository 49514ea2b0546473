import { z } from 'zod';
import { feedHealthSchema } from './sources.js';

/*
 * The operator's crawler status (`GET operator/crawler_status`, `type: 'crawler_status'`),
 * declared once: the server's response schema and the web's type.
 */

/** How far back the ingest rate and the API latency look. */
export const CRAWLER_STATUS_WINDOW_MINUTES = 5;

const count = z.number().int().min(0);
const isoTime = z.iso.datetime({ offset: true });
/** Milliseconds; null when nothing was measured in the window. */
const latencyMs = z.number().min(0).nullable();

/** A process that reported its measurements (the worker snapshots). */
export const crawlerWorkerSchema = z.object({
  role: z.string(),
  pid: z.number().int(),
  host: z.string(),
  started_at: isoTime,
  updated_at: isoTime,
  /** The longest event-loop stall in its last sampling window: above ~50 ms, jobs and heartbeats wait. */
  event_loop_max_ms: z.number().min(0),
  event_loop_p99_ms: z.number().min(0),
});
export type CrawlerWorker = z.infer<typeof crawlerWorkerSchema>;

export const crawlerStatusAttributesSchema = z.object({
  measured_at: isoTime,
  /** `due`: enabled and `next_check_at` has passed; `failing`: enabled with errors since the last success. */
  feeds: z.object({ total: count, enabled: count, due: count, failing: count }),
  /** The feed-poll queue: jobs waiting (created or retrying) and running. */
  feed_polls: z.object({ waiting: count, active: count }),
  /** Jobs waiting in every queue. */
  jobs_waiting: count,
  articles_last_5_minutes: count,
  /** `articles_last_5_minutes` / 5, one decimal. */
  articles_per_minute: z.number().min(0),
  /** This API process's requests of the last 5 minutes. */
  api_latency_ms: z.object({ requests: count, p50: latencyMs, p95: latencyMs, p99: latencyMs }),
  /** The crawler's adaptive ingest limit and its ceiling; null: no worker is reporting. */
  ingest_limit: z.object({ current: count, max: count }).nullable(),
  workers: z.array(crawlerWorkerSchema),
  /** Enabled feeds per health (every class of FEED_HEALTH, 0 when none). */
  health: z.record(feedHealthSchema, count),
});
export type CrawlerStatusAttributes = z.infer<typeof crawlerStatusAttributesSchema>;
