import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { healFeeds } from './heal.js';

export const SOURCES_QUEUES = {
  /** Every 15 minutes: feeds failing as if moved are looked for again on their outlets' homepages. */
  heal: 'feeds-heal',
} as const;

export async function createSourcesQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(SOURCES_QUEUES.heal, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 3600 });
}

/** Starts self-healing of moved feeds (one run at a time, every 15 minutes). */
export async function startSourcesWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await boss.work(SOURCES_QUEUES.heal, { pollingIntervalSeconds: 30 }, async () => {
    const result = await healFeeds(deps);
    if (result.checked) deps.log.info({ job: SOURCES_QUEUES.heal, ...result }, 'failing feeds looked for again');
    return result;
  });
  await boss.schedule(SOURCES_QUEUES.heal, '*/15 * * * *');
}
