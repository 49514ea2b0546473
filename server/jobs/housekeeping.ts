import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Expires invitations, and deletes sessions and login failures nobody needs any more. */
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
  return { expiredInvites: invites.rowCount ?? 0, deletedSessions: sessions.rowCount ?? 0, deletedLoginFailures: failures.rowCount ?? 0 };
}
