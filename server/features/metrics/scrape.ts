import { AggregatorRegistry } from 'prom-client';
import type { AppDeps } from '../../context.js';
import { FRESH_SECONDS, readInstallation, type Installation } from './installation.js';
import { registry } from './registry.js';

/** A gauge as prom-client's JSON has it, for the aggregation beside the processes' own. */
function gauge(name: string, help: string, values: { value: number; labels: Record<string, string> }[]) {
  return { name, help, type: 'gauge', aggregator: 'sum', values };
}

/** The gauges read from the database at scrape time: the same whichever API process answers. */
function databaseGauges({ feeds, jobs, snapshots }: Installation) {
  return [
    gauge(
      'coverwatch_jobs',
      'Jobs in the queue by queue and state (created and retry: waiting; active: running)',
      jobs.map((j) => ({ value: j.count, labels: { queue: j.queue, state: j.state } })),
    ),
    gauge(
      'coverwatch_feeds',
      'Feeds by state (due: enabled and next check passed; failing: enabled with errors since the last success)',
      (['enabled', 'due', 'failing', 'disabled'] as const).map((state) => ({ value: feeds[state], labels: { state } })),
    ),
    gauge(
      'coverwatch_feeds_health',
      'Enabled feeds by health (ok, pending, stale, and why the failing ones fail: blocked, not_found, not_a_feed, timeout, unreachable, tls, too_large, rate_limited)',
      Object.entries(feeds.health).map(([health, value]) => ({ value, labels: { health } })),
    ),
    gauge('coverwatch_worker_processes', `Processes that reported their measurements within the last ${FRESH_SECONDS} s`, [
      { value: snapshots.length, labels: {} },
    ]),
  ];
}

/**
 * GET /metrics in Prometheus text format: this process's registry, every other process's fresh
 * snapshot, combined by each metric's aggregator (registry.ts says which and why), and the
 * database's gauges.
 */
export async function renderMetrics(deps: Pick<AppDeps, 'db' | 'boss'>): Promise<string> {
  const [own, installation] = await Promise.all([registry.getMetricsAsJSON(), readInstallation(deps)]);
  const processes = [own, ...installation.others.map((s) => s.snapshot.metrics)];
  return AggregatorRegistry.aggregate([...processes, databaseGauges(installation)]).metrics();
}
