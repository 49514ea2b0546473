import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { trialNotices } from '../../db/schema/billing.js';
import { queueMail } from '../mail/service.js';
import { listOrganizationAdmins, listTrialsEndingBefore, lockOrganization, markExpiredTrials } from '../organizations/service.js';
import { dueReminder, renderTrialMail, type TrialNoticeKind, type UpgradePath } from './trial-mail.js';

export interface TrialLifecycleResult {
  /** Reminder e-mails queued (3 days before the end, the last day). */
  reminded: number;
  /** Organizations whose trial ended, marked expired (their expiry e-mail queued). */
  expired: number;
}

type Deps = { db: Db; config: Config; log: Pick<Logger, 'info' | 'warn' | 'error'> };

const REMINDER_HORIZON_MS = 3 * 86_400_000;

const upgradePath = (config: Config): UpgradePath => ({
  publicUrl: config.publicUrl,
  checkoutEnabled: Boolean(config.stripe.secretKey),
  contactEmail: config.billingContactEmail,
});

/**
 * Records that `kind` was sent for this trial end and, only if this call recorded it, queues the
 * e-mail to every admin, all in `tx`. The notice row and the e-mails commit together or not at
 * all, so overlapping runs (the second waits on the first's row, then finds it) and a run that
 * dies midway both end with each notice sent exactly once. Returns the e-mails queued.
 */
async function sendNotice(tx: Tx, config: Config, org: { id: number; name: string; trialEndsAt: Date }, kind: TrialNoticeKind, now: Date): Promise<number> {
  const inserted = await tx
    .insert(trialNotices)
    .values({ organizationId: org.id, kind, trialEndsAt: org.trialEndsAt, sentAt: now })
    .onConflictDoNothing()
    .returning({ organizationId: trialNotices.organizationId });
  if (!inserted.length) return 0;
  const admins = await listOrganizationAdmins(tx, org.id);
  for (const admin of admins) {
    const mail = renderTrialMail({
      kind,
      organizationName: org.name,
      recipientName: admin.name,
      trialEndsAt: org.trialEndsAt,
      now,
      upgrade: upgradePath(config),
    });
    await queueMail(tx, { organizationId: org.id, userId: admin.userId, to: admin.email, ...mail });
  }
  return admins.length;
}

/**
 * The trial's life, run by the hourly billing job with the current time (tests pass theirs):
 * the reminder each running trial is due (only the current one: a server that was down during
 * the three-day window sends just the last-day one), then every trial that ended is marked
 * expired with its e-mail. Notices are keyed by the trial's end, so an extended trial is
 * reminded again. The platform operator is never a candidate (the owner's queries exclude it).
 */
export async function runTrialLifecycle(deps: Deps, now: Date = new Date()): Promise<TrialLifecycleResult> {
  const { db, config, log } = deps;
  let reminded = 0;

  const candidates = await listTrialsEndingBefore(db, new Date(now.getTime() + REMINDER_HORIZON_MS + 1));
  for (const candidate of candidates) {
    // Trials already over are the expiry's (below): no lock taken on their rows here.
    if (!candidate.trialEndsAt || !dueReminder(candidate.trialEndsAt, now)) continue;
    try {
      reminded += await db.transaction(async (tx) => {
        // The row is read again under lock: the operator may have extended or ended the trial
        // since the candidates were listed, and a reminder must match the trial as it is.
        const org = await lockOrganization(tx, candidate.id);
        if (!org?.trialEndsAt || org.plan !== 'trial' || org.subscriptionStatus !== 'trialing') return 0;
        const kind = dueReminder(org.trialEndsAt, now);
        return kind ? sendNotice(tx, config, { id: org.id, name: org.name, trialEndsAt: org.trialEndsAt }, kind, now) : 0;
      });
    } catch (err) {
      // One organization's failure must not hold back the others' reminders; the next run retries it.
      log.error({ err, organizationId: candidate.id }, 'trial reminder failed');
    }
  }

  // One transaction: the expired status and its e-mails commit together, so a trial is never
  // closed without its notice, nor noticed twice (a concurrent run's update waits, then finds
  // the rows no longer trialing).
  const expired = await db.transaction(async (tx) => {
    const rows = await markExpiredTrials(tx, now);
    for (const org of rows) {
      if (org.trialEndsAt) await sendNotice(tx, config, { id: org.id, name: org.name, trialEndsAt: org.trialEndsAt }, 'expired', now);
    }
    return rows.length;
  });

  if (reminded || expired) log.info({ reminded, expired }, 'trial lifecycle');
  return { reminded, expired };
}
