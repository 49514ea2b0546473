import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { runDue } from './discovery.js';

export const GDELT_QUEUES = {
  /**
   * Every minute (and at once when the operator switches GDELT on): alerts created or edited since
   * are translated and their queries searched at once; due queries are searched again at the pace.
   */
  tick: 'gdelt-tick',
} as const;

export async function createGdeltQueues(boss: PgBoss): Promise<void> {
  // One tick at a time (its requests are paced one by one); a tick spends at most ~55 s.
  await boss.createQueue(GDELT_QUEUES.tick, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 });
}

/** The API asks for a tick now (the operator switched GDELT on). Without a job queue: nothing. */
export async function enqueueGdeltTick(boss: PgBoss | null | undefined): Promise<void> {
  await boss?.send(GDELT_QUEUES.tick, {});
}

export async function startGdeltWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await boss.work(GDELT_QUEUES.tick, { pollingIntervalSeconds: 5 }, async () => {
    const result = await runDue(deps);
    if (result.searched || result.translated) deps.log.info({ job: GDELT_QUEUES.tick, ...result }, 'GDELT discovery ran');
    return result;
  });
  await boss.schedule(GDELT_QUEUES.tick, '* * * * *');
}
