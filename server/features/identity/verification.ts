import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { AppError } from '../../http/errors.js';
import { updateUserRow } from '../auth/service.js';
import { markUserTokenUsed, queueEmailVerification, requireUserToken } from './service.js';

const VERIFY_MESSAGES = { unknown: MSG.identity.verifyLinkUnknown, expired: MSG.identity.verifyLinkExpired };

/**
 * Confirms the address a verification link was sent to. Only while the account still uses that
 * address: a link mailed to an old address proves nothing about the new one (410, `/token`).
 * The link is spent; following it again answers 410.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<{ userId: number; email: string; verifiedAt: Date }> {
  return db.transaction(async (tx) => {
    const row = await requireUserToken(tx, 'email_verification', token, VERIFY_MESSAGES, { now, lock: true });
    const [user] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, row.userId));
    if (!user || user.email.toLowerCase() !== row.email) throw new AppError('gone', MSG.identity.verifyEmailChanged, '/token');
    await markUserTokenUsed(tx, row.id, now);
    const verifiedAt = user.verifiedAt ?? now;
    if (!user.verifiedAt) await updateUserRow(tx, row.userId, { emailVerifiedAt: verifiedAt });
    return { userId: row.userId, email: user.email, verifiedAt };
  });
}

/**
 * Sends the signed-in user a fresh verification link (the earlier ones stop working). Refused
 * with 409 when the address is already confirmed.
 */
export async function resendEmailVerification(db: Db, userId: number, baseUrl: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('not_found', MSG.status[404]);
    if (user.verifiedAt) throw new AppError('conflict', MSG.identity.alreadyVerified);
    await queueEmailVerification(tx, user, baseUrl);
    return { email: user.email };
  });
}
