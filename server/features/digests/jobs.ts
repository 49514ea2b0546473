import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { oldestOpenWriteStart } from './coverage-repo.js';
import { runDigests } from './service.js';

export const DIGEST_QUEUES = {
  /** Instant digests every cycle; daily ones in the first cycle after `DIGEST_HOUR_UTC`. */
  run: 'digests-run',
} as const;

export async function createDigestQueues(boss: PgBoss): Promise<void> {
  const options = { policy: 'exclusive', retryLimit: 2, retryBackoff: true, expireInSeconds: 600, deleteAfterSeconds: 86400 } as const;
  await boss.createQueue(DIGEST_QUEUES.run, options);
  const { policy: _policy, ...changeable } = options;
  await boss.updateQueue(DIGEST_QUEUES.run, changeable);
}

/**
 * How far a scheduled run covers: up to DIGEST_SETTLE_SECONDS ago, and never past the start of a
 * transaction the app still has open (coverage it commits later is stamped no earlier than that
 * start), so a watermark never passes coverage that is yet to commit.
 */
export async function digestRunUpper(db: Db, settleSeconds: number, now = new Date()): Promise<Date> {
  const settled = new Date(now.getTime() - settleSeconds * 1000);
  const open = await oldestOpenWriteStart(db);
  return open && open < settled ? new Date(open.getTime() - 1) : settled;
}

/** Worker roles: the digest run on its schedule, and once at start so a restarted server catches up. */
export async function startDigestWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await boss.work(DIGEST_QUEUES.run, { pollingIntervalSeconds: 2 }, async () => {
    const result = await runDigests(deps, await digestRunUpper(deps.db, deps.config.digests.settleSeconds));
    if (result.due > 0) deps.log.info({ job: DIGEST_QUEUES.run, ...result }, 'digests done');
    return result;
  });
  const every = deps.config.digests.intervalSeconds;
  if (every === 300) {
    await boss.schedule(DIGEST_QUEUES.run, '*/5 * * * *');
  } else {
    // Cron counts in minutes; a shorter cycle is a timer. The queue's exclusive policy keeps at
    // most one run queued or active, so timers of several workers do not pile up runs.
    await boss.unschedule(DIGEST_QUEUES.run).catch(() => undefined);
    const timer = setInterval(() => {
      boss.send(DIGEST_QUEUES.run, {}).catch((err: unknown) => deps.log.warn({ err }, 'digest run not queued'));
    }, every * 1000);
    timer.unref();
    boss.once('stopped', () => clearInterval(timer));
  }
  await boss.send(DIGEST_QUEUES.run, {});
}
