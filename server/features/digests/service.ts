import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { queueMail } from '../mail/service.js';
import { collectCoverage, listDueSubscriptionIds, lockDueSubscription } from './coverage-repo.js';
import { publicBase, renderDigest, unsubscribeHeaders } from './digest-mail.js';
import { markDigested } from './repo.js';

/** What other e-mails to a project's subscribers share with the digest (spike alerts): links, one-click unsubscribe, escaping. */
export { escapeHtml, publicBase, unsubscribeHeaders } from './digest-mail.js';

export {
  findByToken,
  findSubscription,
  listSubscriptions,
  toggleSubscription,
  unsubscribeByToken,
  updateSubscription,
  FREQUENCIES,
  type Frequency,
  type SubscriptionRow,
  type UnsubscribeTarget,
} from './repo.js';

export interface DigestDeps {
  db: Db;
  config: Pick<Config, 'digests' | 'publicUrl' | 'host' | 'port'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Subscriptions handled per run at most; the rest wait for the next run (oldest watermark first). */
const BATCH = 500;

/** The latest daily send time at or before `now` (today's `hour`:00 UTC, else yesterday's). */
export function dailyCutoff(now: Date, hour: number): Date {
  const cut = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (cut > now) cut.setUTCDate(cut.getUTCDate() - 1);
  return cut;
}

export interface DigestRunResult {
  due: number;
  sent: number;
  empty: number;
  skipped: number;
}

/**
 * One digest run at `now`: every due subscription gets its new coverage in (covered_until, now]
 * mailed, each in its own transaction that locks the row, writes the outbox row and moves the
 * watermark together. A crash mid-way rolls back both, so the next run mails the same coverage
 * once; a concurrent run skips the locked row and finds it no longer due after commit.
 */
export async function runDigests(deps: DigestDeps, now = new Date()): Promise<DigestRunResult> {
  const cutoff = dailyCutoff(now, deps.config.digests.hourUtc);
  const ids = await listDueSubscriptionIds(deps.db, now, cutoff, BATCH);
  const result: DigestRunResult = { due: ids.length, sent: 0, empty: 0, skipped: 0 };
  for (const id of ids) {
    try {
      const outcome = await sendDigest(deps, id, now, cutoff);
      result[outcome]++;
    } catch (err) {
      // One bad subscription must not hold up the others; it stays due for the next run.
      deps.log.error({ err, subscriptionId: id }, 'digest failed');
      result.skipped++;
    }
  }
  return result;
}

/** One subscription's digest, in one transaction (see runDigests). */
export async function sendDigest(deps: DigestDeps, id: number, now: Date, cutoff: Date): Promise<'sent' | 'empty' | 'skipped'> {
  return deps.db.transaction(async (tx) => {
    const sub = await lockDueSubscription(tx, id, now, cutoff);
    if (!sub) return 'skipped';
    const coverage = await collectCoverage(tx, sub, sub.coveredUntil, now);
    const found = coverage.articles.total + coverage.videos.total + coverage.streams.total;
    if (found === 0) {
      await markDigested(tx, sub.id, now, null);
      return 'empty';
    }
    const base = publicBase(deps.config);
    const mail = renderDigest({
      projectName: sub.projectName,
      organizationName: sub.organizationName,
      recipientName: sub.userName,
      frequency: sub.frequency,
      ...coverage,
      unsubscribePageUrl: `${base}/unsubscribe/${encodeURIComponent(sub.unsubscribeToken)}`,
      settingsUrl: `${base}/settings`,
    });
    await queueMail(tx, {
      organizationId: sub.organizationId,
      userId: sub.userId,
      to: sub.email,
      ...mail,
      headers: unsubscribeHeaders(base, sub.unsubscribeToken),
    });
    await markDigested(tx, sub.id, now, now);
    return 'sent';
  });
}
