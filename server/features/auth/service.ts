import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import type { Db } from '../../db/client.js';
import { loginFailures, sessions, users, instanceSettings } from '../../db/schema/accounts.js';
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

/** The token-signing secret: JWT_SECRET, else one generated once and kept in the database. */
export async function loadTokenSecret(db: Db, config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await db.insert(instanceSettings).values({ key: 'jwt_secret', value: generateSecret(48) }).onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'jwt_secret'));
  return row.value;
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
 * Past a limit, attempts answer 429 until the window passes. docs/decisions.md says why.
 */
export async function login(
  db: Db,
  authenticator: Authenticator,
  config: Config,
  input: { email: string; password: string; ip: string; userAgent?: string },
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
  if (byPair >= max || byIp >= max * 4 || byEmail >= max * 10) {
    throw new AppError('rate_limited', MSG.auth.tooManyAttempts);
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
