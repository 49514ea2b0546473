import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import type { Authenticator } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { clearLoginFailures, createSession, hashPassword, revokeUserSessions, updateUserRow } from '../auth/service.js';
import { queueMail } from '../mail/service.js';
import { passwordResetMail } from './mail.js';
import { issueUserToken, markUserTokenUsed, PASSWORD_RESET_TTL_MS, requireUserToken } from './service.js';

const RESET_MESSAGES = { unknown: MSG.identity.resetLinkUnknown, expired: MSG.identity.resetLinkExpired };

/**
 * Sends a reset link when an account uses `email`; does nothing otherwise. The caller answers
 * the same either way, so the route cannot be used to learn who has an account. Earlier unused
 * reset links of the user stop working.
 */
export async function requestPasswordReset(db: Db, input: { email: string; baseUrl: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
    if (!user) return;
    const token = await issueUserToken(tx, { userId: user.id, kind: 'password_reset', email: user.email, ttlMs: PASSWORD_RESET_TTL_MS, now: input.now });
    const mail = passwordResetMail({ name: user.name, url: `${input.baseUrl}/reset-password/${token}`, minutes: PASSWORD_RESET_TTL_MS / 60_000 });
    // No organization: its admins read the organization's outbox, and this link is the user's alone.
    await queueMail(tx, { organizationId: null, userId: user.id, to: user.email, ...mail });
  });
}

/**
 * Sets a new password with a reset link. In one transaction: the token is locked and spent, the
 * password replaced, every session of the user revoked (whoever knew the old password is out),
 * the address's failed logins forgotten (a lock-out by guessers ends), and the address marked confirmed (the person just read mail sent to it). Then a fresh session
 * is opened, so the page signs the person in. A link sent to an address the account no longer
 * uses is refused like a used one.
 */
export async function resetPassword(
  deps: { db: Db; authenticator: Authenticator; config: Config },
  input: { token: string; password: string; userAgent?: string; now?: Date },
) {
  const now = input.now ?? new Date();
  // A dead link fails before the deliberately slow hash: no free argon2 work for strangers.
  await requireUserToken(deps.db, 'password_reset', input.token, RESET_MESSAGES, { now });
  const passwordHash = await hashPassword(input.password);
  const { userId, revoked } = await deps.db.transaction(async (tx) => {
    const token = await requireUserToken(tx, 'password_reset', input.token, RESET_MESSAGES, { now, lock: true });
    const [user] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, token.userId));
    await markUserTokenUsed(tx, token.id, now);
    if (!user || user.email.toLowerCase() !== token.email) return { userId: null, revoked: [] };
    await updateUserRow(tx, token.userId, { passwordHash, emailVerifiedAt: user.verifiedAt ?? now });
    await clearLoginFailures(tx, user.email);
    return { userId: token.userId, revoked: await revokeUserSessions(tx, token.userId, now) };
  });
  // The token is spent either way (committed above); a stale address then answers like a used link.
  if (userId === null) throw new AppError('gone', MSG.identity.resetLinkExpired, '/token');
  for (const id of revoked) deps.authenticator.forgetSession(id);
  return createSession(deps.db, deps.authenticator, deps.config, userId, input.userAgent);
}
