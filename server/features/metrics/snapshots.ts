import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { currentArticlesHistory, SAMPLE_INTERVAL_MS, startProcessSampler, thisProcess } from './process.js';
import { registry } from './registry.js';
import { deleteSnapshot, sweepSnapshots, upsertSnapshot, type MetricJson } from './repo.js';

/** Rows of processes silent this long are deleted (readers already ignore them after 30 s). */
const SWEEP_AFTER_SECONDS = 3600;

/** Writes this process's registry and articles history to `process_metrics` once. */
export async function writeSnapshot(db: Db, role: string): Promise<void> {
  const [metrics, articles] = await Promise.all([registry.getMetricsAsJSON(), currentArticlesHistory()]);
  // prom-client's typings call `type` an enum and add a `collect` function; the JSON has the type's name and no function.
  await upsertSnapshot(db, { ...thisProcess, role, snapshot: { metrics: metrics as unknown as MetricJson[], articles } });
  await sweepSnapshots(db, SWEEP_AFTER_SECONDS);
}

/**
 * A worker copies its measurements to `process_metrics` every SAMPLE_INTERVAL_MS, where the API's
 * GET /metrics and the operator's crawler status find them, and samples its event loop. A write
 * that fails (the database restarting) is a debug line: telemetry never stops a worker. The stop
 * function removes this process's row, so a clean stop is not mistaken for a silent worker.
 */
export function startMetricsSnapshots(deps: { db: Db; role: string; log: Logger }): () => Promise<void> {
  const stopSampler = startProcessSampler();
  let writing: Promise<void> = Promise.resolve();
  const write = () => (writing = writeSnapshot(deps.db, deps.role).catch((err) => deps.log.debug({ err }, 'metrics snapshot not written')));
  const timer = setInterval(write, SAMPLE_INTERVAL_MS);
  timer.unref();
  void write();
  return async () => {
    clearInterval(timer);
    stopSampler();
    await writing;
    await deleteSnapshot(deps.db, thisProcess.instance);
  };
}
