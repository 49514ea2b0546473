import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's measurements (prom-client). Features record into the instruments below; the
 * worker's are copied to `process_metrics` every few seconds (snapshots.ts) and the API's
 * GET /metrics serves its own, the workers' and the database's gauges aggregated (routes.ts).
 * Names follow Prometheus conventions: base units (seconds), `_total` for counters.
 *
 * Processes are combined by prom-client's `AggregatorRegistry.aggregate`: one series per name
 * for the whole installation, as an operator reads it ("articles per second", "requests by
 * route"), whatever the number of processes. Sum (the default) is right for counters, histograms
 * and the ingest limit (several workers ingest side by side); a stall or a slow probe is not
 * additive, so those gauges take the worst process (`max`). One caveat of summing: when one of
 * several workers restarts, the sum of its counter drops and Prometheus reads it as a reset.
 */
export const registry = new Registry();

// Memory, CPU, handles and GC of each process (prom-client's own aggregators: sums, start time omitted).
collectDefaultMetrics({ register: registry, prefix: 'coverwatch_' });

export const metrics = {
  /** API requests by route pattern (never the raw URL: ids and tokens stay out of labels). */
  httpRequestDuration: new Histogram({
    name: 'coverwatch_http_request_duration_seconds',
    help: 'API request duration by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  /** Articles the crawler stored (new to the archive). */
  articlesIngested: new Counter({
    name: 'coverwatch_articles_ingested_total',
    help: 'Articles stored in the archive by the feed crawler',
    registers: [registry],
  }),
  /** Feed polls by outcome: ok, not_modified, error, missing, disabled. */
  feedPolls: new Counter({
    name: 'coverwatch_feed_polls_total',
    help: 'Feed polls by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  /** Seconds a feed's ingest waited for a slot of the adaptive limit. */
  ingestWait: new Histogram({
    name: 'coverwatch_crawler_ingest_wait_seconds',
    help: 'Time a polled feed waited for an ingest slot (the crawler yielding to people)',
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  }),
  /** The crawler's current ingest limit (adaptive, between 1 and CRAWLER_INGEST_CONCURRENCY). */
  ingestLimit: new Gauge({
    name: 'coverwatch_crawler_ingest_limit',
    help: 'Feed ingests the crawler allows at once right now',
    registers: [registry],
  }),
  /** The probe query's latency the crawler's controller last saw. */
  probeLatency: new Gauge({
    name: 'coverwatch_crawler_probe_latency_seconds',
    help: "Round trip of the crawler controller's probe query (database load as people would feel it)",
    aggregator: 'max',
    registers: [registry],
  }),
  /** Event-loop delay of this process (perf_hooks.monitorEventLoopDelay), max and p99 over the last window. */
  eventLoopDelayMax: new Gauge({
    name: 'coverwatch_event_loop_delay_max_seconds',
    help: 'Longest event-loop stall of this process in the last sampling window',
    aggregator: 'max',
    registers: [registry],
  }),
  eventLoopDelayP99: new Gauge({
    name: 'coverwatch_event_loop_delay_p99_seconds',
    help: '99th percentile event-loop delay of this process in the last sampling window',
    aggregator: 'max',
    registers: [registry],
  }),
};
