import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

export interface TrialLifecycleResult {
  /** Reminder e-mails queued (3 days before the end, the last day). */
  reminded: number;
  /** Organizations whose trial ended, marked expired (their expiry e-mail queued). */
  expired: number;
}

/**
 * The trial's life, run by the hourly billing job: reminders and expiry. TO BE IMPLEMENTED
 * (issue 14, trial helper): see /tmp/brief14/helper-b.md.
 */
export async function runTrialLifecycle(
  _deps: { db: Db; config: Config; log: Pick<Logger, 'info' | 'warn' | 'error'> },
  _now: Date = new Date(),
): Promise<TrialLifecycleResult> {
  return { reminded: 0, expired: 0 };
}
