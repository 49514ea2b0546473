import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { userTokens } from '../../db/schema/accounts.js';
import { AppError } from '../../http/errors.js';
import { queueMail } from '../mail/service.js';
import { emailVerificationMail } from './mail.js';

/*
 * Identity owns `user_tokens`: single-use secrets e-mailed to a person (a password reset, an
 * address confirmation). The link carries 32 random bytes; the table keeps only their SHA-256,
 * so a leaked table row opens nothing, and a lookup is one index probe on the hash (no timing
 * worth measuring: the secret is never compared byte by byte).
 */

/** `sso_handoff`: a finished single sign-on waiting for its browser to take the session (identity/oidc.ts). */
export type UserTokenKind = 'password_reset' | 'email_verification' | 'sso_handoff';

export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 7 * 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type UserTokenRow = typeof userTokens.$inferSelect;

/**
 * A new token of `kind` for the user, valid `ttlMs`. The user's earlier unused tokens of that kind
 * end now: only the newest e-mail works, so an old message lying in an inbox opens nothing.
 */
export async function issueUserToken(tx: Tx, input: { userId: number; kind: UserTokenKind; email: string; ttlMs: number; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  await tx
    .update(userTokens)
    .set({ expiresAt: now })
    .where(and(eq(userTokens.userId, input.userId), eq(userTokens.kind, input.kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(userTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: hashToken(token),
    email: input.email.toLowerCase(),
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  return token;
}

/**
 * The token row for a link's secret, or an error naming `/token`: 404 when no such token of this
 * kind exists, 410 when it was used or has expired. With `lock`, the row is locked for the
 * caller's transaction, so two uses racing cannot both pass.
 */
export async function requireUserToken(
  db: Db | Tx,
  kind: UserTokenKind,
  token: string,
  messages: { unknown: string; expired: string },
  opts: { now?: Date; lock?: boolean } = {},
): Promise<UserTokenRow> {
  const now = opts.now ?? new Date();
  const query = db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', messages.unknown, '/token');
  if (row.usedAt || row.expiresAt <= now) throw new AppError('gone', messages.expired, '/token');
  return row;
}

/** Marks a token used (in the transaction that acted on it). */
export async function markUserTokenUsed(tx: Tx, id: number, now = new Date()): Promise<void> {
  await tx.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, id));
}

/**
 * Issues an e-mail verification token for the user's current address and queues the message
 * with the link `{baseUrl}/verify-email/{token}`, in the caller's transaction (sign-up calls it
 * in the sign-up's, so an account never exists without its message).
 *
 * The message belongs to no organization: the organization's admins read its outbox, and a
 * member's links are the member's alone.
 */
export async function queueEmailVerification(tx: Tx, user: { id: number; name: string; email: string }, baseUrl: string, now = new Date()): Promise<void> {
  const token = await issueUserToken(tx, { userId: user.id, kind: 'email_verification', email: user.email, ttlMs: EMAIL_VERIFICATION_TTL_MS, now });
  const mail = emailVerificationMail({ name: user.name, url: `${baseUrl}/verify-email/${token}`, days: EMAIL_VERIFICATION_TTL_MS / 86_400_000 });
  await queueMail(tx, { organizationId: null, userId: user.id, to: user.email, ...mail });
}
