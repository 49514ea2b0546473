import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

/**
 * The digest job's queues and workers. TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export async function createDigestQueues(_boss: PgBoss): Promise<void> {}

export async function startDigestWorkers(_boss: PgBoss, _deps: { db: Db; config: Config; log: Logger }): Promise<void> {}
