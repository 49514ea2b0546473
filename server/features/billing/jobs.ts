import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMissingCustomers } from './service.js';
import { runTrialLifecycle } from './trial.js';

export const BILLING_QUEUES = {
  /**
   * The trial's daily duties, run every hour so that nothing waits a day: trial reminders (3 days
   * before, the last day), trials that ended marked expired with their e-mail, and payment
   * customers created for organizations that still lack one (Stripe configured).
   */
  lifecycle: 'billing-lifecycle',
} as const;

export async function createBillingQueues(boss: PgBoss): Promise<void> {
  const options = { policy: 'exclusive', retryLimit: 2, retryBackoff: true, expireInSeconds: 600, deleteAfterSeconds: 7 * 86400 } as const;
  await boss.createQueue(BILLING_QUEUES.lifecycle, options);
  const { policy: _policy, ...changeable } = options;
  await boss.updateQueue(BILLING_QUEUES.lifecycle, changeable);
}

/** One run of the lifecycle job (also what tests and the operator's tools call). */
export async function runBillingLifecycle(deps: { db: Db; config: Config; log: Pick<Logger, 'info' | 'warn' | 'error'> }, now = new Date()) {
  const trials = await runTrialLifecycle(deps, now);
  const customers = await createMissingCustomers(deps);
  return { ...trials, ...customers };
}

/** Worker roles: the hourly lifecycle job, and one run at start so a restarted server catches up. */
export async function startBillingWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await boss.work(BILLING_QUEUES.lifecycle, { pollingIntervalSeconds: 10 }, async () => {
    const result = await runBillingLifecycle(deps);
    deps.log.info({ job: BILLING_QUEUES.lifecycle, ...result }, 'billing lifecycle done');
    return result;
  });
  await boss.schedule(BILLING_QUEUES.lifecycle, '7 * * * *');
  await boss.send(BILLING_QUEUES.lifecycle, {});
}
