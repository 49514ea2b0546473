import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';

/**
 * STUB (foundation): a worker process copies its registry to `process_metrics` every few
 * seconds and samples its event-loop delay. Returns a stop function.
 */
export function startMetricsSnapshots(_deps: { db: Db; role: string; log: Logger }): () => Promise<void> {
  return async () => {};
}
