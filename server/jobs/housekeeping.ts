import type { Db } from '../db/client.js';
import { compactAlertFeedCounts } from '../features/alerts/service.js';
import { pruneSessions } from '../features/auth/service.js';
import { expireInvites } from '../features/invites/service.js';
import { pruneStoryKeys } from '../features/stories/service.js';

/**
 * Expires invitations, deletes sessions and login failures nobody needs any more, and folds the
 * feeds' count deltas, and forgets story keys older than the stories' window — each through the table's owner.
 */
export async function runHousekeeping(db: Db, now = new Date()) {
  const expiredInvites = await expireInvites(db, now);
  const pruned = await pruneSessions(db, now);
  const counts = await compactAlertFeedCounts(db);
  const storyKeys = await pruneStoryKeys(db, now);
  return { expiredInvites, ...pruned, ...counts, storyKeys };
}
