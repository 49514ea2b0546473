import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { INVITE_TTL_DAYS, ROLE, TIER } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { avatarSchema } from '../../../common/schemas/jsonapi.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { invites, organizations } from '../../db/schema/accounts.js';
import { uploads } from '../../db/schema/workspace.js';
import type { Authenticator } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { addMembership, createSession, findUserIdByEmail, hashPassword, insertUser } from '../auth/service.js';

export interface InviteRow {
  key: string;
  status: string;
  expiresAt: Date;
  organization: { id: number; name: string };
}

// 24 random bytes: 32 url-safe characters, far beyond guessing.
const KEY_BYTES = 24;
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

const inviteInvalid = () => new AppError('not_found', MSG.signup.inviteInvalid);

/** Creates an invitation link to `orgId`, valid for INVITE_TTL_DAYS. Links are reusable until then. */
export async function createInvite(db: Tx, orgId: number, createdBy: number): Promise<InviteRow> {
  const key = randomBytes(KEY_BYTES).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86400_000);
  await db.insert(invites).values({ key, organizationId: orgId, createdBy, expiresAt });
  const invite = await findActiveInvite(db, key);
  if (!invite) throw new Error('invite vanished right after it was created');
  return invite;
}

/**
 * The invite behind `key` if it can still be used (active and not expired), else undefined.
 * `lock` holds it for the rest of the transaction so it cannot be revoked halfway through a sign-up.
 */
export async function findActiveInvite(db: Tx, key: string, opts: { lock?: boolean } = {}): Promise<InviteRow | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const query = db
    .select({
      key: invites.key,
      status: invites.status,
      expiresAt: invites.expiresAt,
      organization: { id: organizations.id, name: organizations.name },
    })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(and(eq(invites.key, key), eq(invites.status, 'active'), gt(invites.expiresAt, sql`now()`)));
  const [row] = opts.lock ? await query.for('share', { of: invites }) : await query;
  return row;
}

/** The usable invite behind `key`, or 404 "Invitation link is not valid or expired". */
export async function requireInvite(db: Tx, key: string | undefined, opts: { lock?: boolean } = {}): Promise<InviteRow> {
  const invite = key ? await findActiveInvite(db, key, opts) : undefined;
  if (!invite) throw inviteInvalid();
  return invite;
}

export interface InviteSignup {
  invite_key: string;
  name: string;
  email: string;
  password: string;
  picture?: string | null;
}

/**
 * Invite sign-up: a user who joins the invite's organization as a User (role 2) and starts
 * there. The invite check, the user and the membership are one transaction; the session is
 * opened after commit (a failure there leaves an account that can simply log in).
 */
export async function signUpWithInvite(deps: { db: Db; authenticator: Authenticator; config: Config }, input: InviteSignup, userAgent?: string) {
  // A dead link fails before the deliberately slow hash (no free argon2 work for anonymous
  // callers); the hash then runs before any lock is held, and the transaction checks again.
  await requireInvite(deps.db, input.invite_key);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db
    .transaction(async (tx) => {
      const invite = await requireInvite(tx, input.invite_key, { lock: true });
      if (await findUserIdByEmail(tx, input.email)) throw emailTaken();
      const avatar = await uploadedAvatar(tx, invite.organization.id, input.picture);
      // Invited members count as verified (issue 15): an admin brought them in, and the banner would only nag.
      const row = await insertUser(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        avatar,
        tierId: TIER.user,
        organizationId: invite.organization.id,
        emailVerifiedAt: new Date(),
      });
      // `roles` in the request is ignored: whoever follows a link joins as a User; admins promote.
      await addMembership(tx, invite.organization.id, row.id, ROLE.user);
      return row;
    })
    .catch((err: unknown) => {
      // Two sign-ups with one email racing past the check: the unique index decides.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    });
  const session = await createSession(deps.db, deps.authenticator, deps.config, user.id, userAgent);
  return { user, ...session };
}

const emailTaken = () => new AppError('conflict', MSG.auth.emailTaken, '/data/attributes/email');

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The picture becomes the avatar only when it is an image uploaded through `p/f/av` for this
 * organization; anything else (no picture, a foreign URL) leaves the avatar empty.
 */
async function uploadedAvatar(tx: Tx, orgId: number, picture: string | null | undefined): Promise<string | null> {
  const parsed = avatarSchema.safeParse(picture ?? null);
  if (!parsed.success || !parsed.data) return null;
  const [, id, ext] = /\/api\/f\/([0-9a-f-]{36})\.(png|jpg)$/.exec(parsed.data) ?? [];
  if (!id) return null;
  const [upload] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(sql`${uploads.id}::text = ${id}`, eq(uploads.organizationId, orgId), eq(uploads.contentType, ext === 'png' ? 'image/png' : 'image/jpeg')));
  return upload ? parsed.data : null;
}

/** Marks active invitations past their expiry as expired (housekeeping); returns how many. */
export async function expireInvites(db: Tx, now = new Date()): Promise<number> {
  const res = await db.execute(sql`update invites set status = 'expired' where status = 'active' and expires_at <= ${now.toISOString()}`);
  return res.rowCount ?? 0;
}
