import { captchaFor } from './captcha.js';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { loginFailures, memberships, sessions, users, instanceSettings } from '../../db/schema/accounts.js';
import { AppError } from '../../http/errors.js';
import type { Authenticator } from '../../http/auth.js';
import { generateSecret, type Config } from '../../config.js';

// OWASP's argon2id baseline (19 MiB, 2 passes).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

// A hash to verify against when the email is unknown, so timing does not reveal accounts.
let dummyHash: Promise<string> | null = null;

/** The installation's proof-of-work captcha (sign-up, and a login past an address's limits). */
export { Captcha, CAPTCHA_TTL_MS, captchaFor, deriveCaptchaKey, type CaptchaChallenge } from './captcha.js';

/** The token-signing secret: JWT_SECRET, else one generated once and kept in the database. */
export async function loadTokenSecret(db: Db, config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await db
    .insert(instanceSettings)
    .values({ key: 'jwt_secret', value: generateSecret(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'jwt_secret'));
  return row.value;
}

/** A setting of this installation (instance_settings), or null. */
export async function readInstanceSetting(db: Tx, key: string): Promise<string | null> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  return row?.value ?? null;
}

/** Writes a setting of this installation. */
export async function writeInstanceSetting(db: Tx, key: string, value: string): Promise<void> {
  await db.insert(instanceSettings).values({ key, value }).onConflictDoUpdate({ target: instanceSettings.key, set: { value } });
}

/** Creates a session for a user and returns its bearer token. */
export async function createSession(db: Db, authenticator: Authenticator, config: Config, userId: number, userAgent?: string) {
  const expiresAt = new Date(Date.now() + config.sessionTtlHours * 3600_000);
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  const token = await authenticator.issueToken(session.id, userId, expiresAt);
  return { token, expiresAt };
}

/**
 * Checks email and password. Failures are counted within LOGIN_WINDOW_MINUTES three ways, so
 * that guessing is slowed without letting anyone lock a user out from afar: per (email, address)
 * LOGIN_MAX_FAILURES; per address 4× that over all e-mails (one machine spraying many
 * accounts); per e-mail 10× that over all addresses (a distributed guess needs ten addresses
 * before the account pauses, and a single hostile address can never pause it for others).
 * Past the account's limit, attempts answer 429 until the window passes; past an address's,
 * each attempt needs a solved captcha (429 at `/altcha` without one), so people sharing an
 * address with a guesser still log in. docs/decisions.md says why.
 */
export async function login(
  db: Db,
  authenticator: Authenticator,
  config: Config,
  input: { email: string; password: string; ip: string; userAgent?: string; altcha?: string },
) {
  const since = new Date(Date.now() - config.loginWindowMinutes * 60_000);
  const [{ byPair, byEmail, byIp }] = (
    await db.execute<{ byPair: number; byEmail: number; byIp: number }>(sql`
      select count(*) filter (where email = ${input.email} and ip = ${input.ip})::int as "byPair",
             count(*) filter (where email = ${input.email})::int as "byEmail",
             count(*) filter (where ip = ${input.ip})::int as "byIp"
        from login_failures where at > ${since.toISOString()} and (email = ${input.email} or ip = ${input.ip})`)
  ).rows;
  const max = config.loginMaxFailures;
  // The account itself is paused (guessed at from many addresses): nobody logs in until the window passes.
  if (byEmail >= max * 10) throw new AppError('rate_limited', MSG.auth.tooManyAttempts);
  // The address is past its limits (someone guessing from it, or everyone behind one proxy): the
  // failures are throttled by a proof of work per attempt, never the right password of an account
  // that is not paused. A solution is redeemed once.
  if (byPair >= max || byIp >= max * 4) {
    if (!input.altcha || !(await (await captchaFor(db, config)).redeem(input.altcha))) {
      throw new AppError('rate_limited', MSG.auth.captchaRequired, '/altcha');
    }
  }
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  dummyHash ??= hashPassword(generateSecret());
  const ok = user
    ? await verify(user.passwordHash, input.password).catch(() => false)
    : (await verify(await dummyHash, input.password).catch(() => false), false);
  if (!user || !ok) {
    await db.insert(loginFailures).values({ email: input.email, ip: input.ip });
    throw new AppError('unauthorized', MSG.auth.badCredentials, '/password');
  }
  await db.delete(loginFailures).where(and(eq(loginFailures.email, input.email), gt(loginFailures.at, since)));
  return createSession(db, authenticator, config, user.id, input.userAgent);
}

export async function logout(db: Db, authenticator: Authenticator, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  authenticator.forgetSession(sessionId);
}

/*
 * People and where they belong. Auth owns `users` and `memberships` (with sessions and login
 * failures): every feature that creates a person (sign-up, invites, the seed), moves them to an
 * organization (organizations, users) or changes their role calls these, inside its transaction.
 * Auth sits on the lowest floor, so any feature may call it without a cycle.
 */

/** The id of the user with this e-mail (case-insensitive), if any. */
export async function findUserIdByEmail(tx: Tx, email: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row?.id;
}

/** A new user (the password already hashed); a taken e-mail fails on the unique index. */
export async function insertUser(
  tx: Tx,
  values: {
    name: string;
    email: string;
    passwordHash: string;
    tierId: number;
    avatar?: string | null;
    organizationId?: number | null;
    /** Set when the address is already proven (an invited member followed a link sent to it). */
    emailVerifiedAt?: Date | null;
  },
): Promise<{ id: number; email: string }> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id, email: users.email });
  return row;
}

/**
 * Edits a user's profile, current organization, password (already hashed) or verified mark
 * (only the fields given).
 */
export async function updateUserRow(
  tx: Tx,
  userId: number,
  changes: {
    name?: string;
    avatar?: string | null;
    organizationId?: number | null;
    defaultProjectId?: number | null;
    passwordHash?: string;
    emailVerifiedAt?: Date | null;
    openProjectsFirst?: boolean;
  },
): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Revokes every live session of a user (a password reset: whoever held the old password is
 * logged out everywhere) and returns their ids, so that the caller can drop them from the
 * authenticator's cache once the transaction has committed.
 */
export async function revokeUserSessions(tx: Tx, userId: number, now = new Date()): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * Forgets the failed logins of an e-mail (a password reset: the person proved they own the
 * address, so guesses made against the old password must not keep them waiting).
 */
export async function clearLoginFailures(tx: Tx, email: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

/** Makes `userId` a member of `orgId` with `roleId`. */
export async function addMembership(tx: Tx, orgId: number, userId: number, roleId: number): Promise<void> {
  await tx.insert(memberships).values({ organizationId: orgId, userId, roleId });
}

/** Gives these members of `orgId` the role `roleId` (kick, promote). */
export async function setMemberRoles(tx: Tx, orgId: number, userIds: number[], roleId: number): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(memberships)
    .set({ roleId, updatedAt: new Date() })
    .where(and(eq(memberships.organizationId, orgId), inArray(memberships.userId, userIds)));
}

/** Deletes expired or long-revoked sessions and day-old login failures (housekeeping). */
export async function pruneSessions(db: Tx, now = new Date()): Promise<{ deletedSessions: number; deletedLoginFailures: number }> {
  const gone = await db.execute(
    sql`delete from sessions where expires_at <= ${now.toISOString()} or revoked_at <= ${now.toISOString()}::timestamptz - interval '1 day'`,
  );
  const failures = await db.execute(sql`delete from login_failures where at <= ${now.toISOString()}::timestamptz - interval '1 day'`);
  return { deletedSessions: gone.rowCount ?? 0, deletedLoginFailures: failures.rowCount ?? 0 };
}
