import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SlackBotPoster } from '../notifications/service.js';
import { runSpikeCheck } from './service.js';

export const SPIKE_QUEUES = {
  /** Every two minutes: every enabled project's current window (and the one just ended) against its baseline. */
  check: 'spikes-check',
} as const;

export async function createSpikeQueues(boss: PgBoss): Promise<void> {
  // Exclusive: at most one run queued or active, so the schedules of several workers do not pile up runs.
  await boss.createQueue(SPIKE_QUEUES.check, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 });
}

/** Worker roles: the check on its schedule, and once at start. */
export async function startSpikeWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger; slackBot?: SlackBotPoster | null }): Promise<void> {
  await boss.work(SPIKE_QUEUES.check, { pollingIntervalSeconds: 5 }, async () => {
    const result = await runSpikeCheck(deps);
    if (result.found > 0) deps.log.info({ job: SPIKE_QUEUES.check, ...result }, 'spikes checked');
    return result;
  });
  await boss.schedule(SPIKE_QUEUES.check, '*/2 * * * *');
  await boss.send(SPIKE_QUEUES.check, {});
}
