import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { runSteamTick } from './sync.js';

export const STEAM_QUEUES = {
  /** Every minute: apps projects name get their rows; due apps (news every 30 min, reviews every hour) are read. */
  tick: 'steam-tick',
} as const;

export async function createSteamQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(STEAM_QUEUES.tick, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 });
}

export async function startSteamWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await boss.work(STEAM_QUEUES.tick, { pollingIntervalSeconds: 5 }, async () => {
    const result = await runSteamTick(deps);
    if (result.read) deps.log.info({ job: STEAM_QUEUES.tick, ...result }, 'Steam apps read');
    return result;
  });
  await boss.schedule(STEAM_QUEUES.tick, '* * * * *');
}
