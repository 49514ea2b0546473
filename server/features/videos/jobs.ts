import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

/** Queues of the videos feature's pollers (every role creates them so that every role can enqueue). */
export async function createVideoQueues(_boss: PgBoss): Promise<void> {}

/** Starts the videos feature's pollers and their schedules (worker roles only). */
export async function startVideoWorkers(_boss: PgBoss, _deps: { db: Db; config: Config; log: Logger }): Promise<void> {}
