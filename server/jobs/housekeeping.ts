import type { Db } from '../db/client.js';
import { compactAlertFeedCounts } from '../features/alerts/service.js';
import { pruneSessions } from '../features/auth/service.js';
import { expireInvites } from '../features/invites/service.js';

/**
 * Expires invitations, deletes sessions and login failures nobody needs any more, and folds the
 * feeds' count deltas — each through the table's owner.
 */
export async function runHousekeeping(db: Db, now = new Date()) {
  const expiredInvites = await expireInvites(db, now);
  const pruned = await pruneSessions(db, now);
  const counts = await compactAlertFeedCounts(db);
  return { expiredInvites, ...pruned, ...counts };
}
