import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Expires invitations, deletes sessions and login failures nobody needs any more, and folds the
 * feeds' count deltas.
 */
export async function runHousekeeping(db: Db, now = new Date()) {
  const invites = await db.execute(
    sql`update invites set status = 'expired' where status = 'active' and expires_at <= ${now.toISOString()}`,
  );
  const sessions = await db.execute(
    sql`delete from sessions where expires_at <= ${now.toISOString()} or revoked_at <= ${now.toISOString()}::timestamptz - interval '1 day'`,
  );
  const failures = await db.execute(
    sql`delete from login_failures where at <= ${now.toISOString()}::timestamptz - interval '1 day'`,
  );
  const counts = await compactAlertFeedCounts(db);
  return {
    expiredInvites: invites.rowCount ?? 0,
    deletedSessions: sessions.rowCount ?? 0,
    deletedLoginFailures: failures.rowCount ?? 0,
    ...counts,
  };
}

/**
 * Folds each alert's feed-count deltas (alert_feed_counts) into one row once it has gathered
 * more than `threshold`, so summing them stays a read of a few rows. The DELETE sees the rows
 * of its snapshot only: deltas appended meanwhile by an ingest stay, and the sum is unchanged.
 */
export async function compactAlertFeedCounts(db: Db, threshold = 20) {
  const res = await db.execute(sql`
    with busy as (
      select alert_id from alert_feed_counts group by alert_id having count(*) > ${threshold}
    ), gone as (
      delete from alert_feed_counts c using busy b where c.alert_id = b.alert_id returning c.alert_id, c.delta
    )
    insert into alert_feed_counts (alert_id, delta)
    select alert_id, sum(delta) from gone group by alert_id`);
  return { compactedAlerts: res.rowCount ?? 0 };
}
