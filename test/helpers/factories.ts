import { eq } from 'drizzle-orm';
import { INVITE_TTL_DAYS, ROLE, TIER } from '../../common/limits.js';
import { NO_CAPABILITIES, type Capabilities } from '../../common/plans.js';
import { invites, memberships, users } from '../../server/db/schema/accounts.js';
import { clients, projects, tags } from '../../server/db/schema/workspace.js';
import { createSession, hashPassword } from '../../server/features/auth/service.js';
import { createOrganization, type PlanKey } from '../../server/features/organizations/service.js';
import sharp from 'sharp';
import { saveUpload, uploadUrl } from '../../server/features/uploads/service.js';
import type { TestContext } from './app.js';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
// Hashing is slow by design; tests share one hash of the default password.
let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'correct horse battery';

/** A user with a session token; the address counts as verified unless `verified: false`. */
export async function makeUser(ctx: TestContext, opts: { name?: string; email?: string; verified?: boolean } = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await ctx.deps.db
    .insert(users)
    .values({
      name: opts.name ?? 'Test User',
      email: opts.email ?? `user-${unique()}@example.test`,
      passwordHash: await cachedHash,
      tierId: TIER.user,
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  const { token } = await createSession(ctx.deps.db, ctx.deps.authenticator, ctx.config, user.id);
  return { user, token };
}

/** An organization on `plan` with an admin (and its token). */
export async function makeOrg(ctx: TestContext, opts: { plan?: PlanKey; name?: string; capabilities?: Capabilities } = {}) {
  const admin = await makeUser(ctx, { name: 'Org Admin' });
  const org = await createOrganization(ctx.deps.db, {
    name: opts.name ?? `Org ${unique()}`,
    plan: opts.plan ?? 'pro',
    ownerId: admin.user.id,
    capabilities: opts.capabilities ?? NO_CAPABILITIES,
  });
  return { org, admin, token: admin.token };
}

export async function makeClient(ctx: TestContext, orgId: number, name = `Brand ${unique()}`) {
  const [row] = await ctx.deps.db.insert(clients).values({ organizationId: orgId, name }).returning();
  return row;
}

export async function makeProject(ctx: TestContext, orgId: number, opts: { clientId?: number; name?: string; locked?: boolean } = {}) {
  const clientId = opts.clientId ?? (await makeClient(ctx, orgId)).id;
  const [row] = await ctx.deps.db
    .insert(projects)
    .values({ organizationId: orgId, clientId, name: opts.name ?? `Project ${unique()}`, locked: opts.locked ?? false })
    .returning();
  return row;
}

export async function makeTag(ctx: TestContext, orgId: number, projectId: number, name = `Tag ${unique()}`) {
  const [row] = await ctx.deps.db.insert(tags).values({ organizationId: orgId, projectId, name }).returning();
  return row;
}

/** A user who belongs to `orgId` with `roleId` (1 Admin, 2 User, 3 Kicked) and has it as current organization. */
export async function addMember(ctx: TestContext, orgId: number, roleId: number = ROLE.user, opts: { name?: string; email?: string } = {}) {
  const member = await makeUser(ctx, opts);
  await ctx.deps.db.insert(memberships).values({ organizationId: orgId, userId: member.user.id, roleId });
  await ctx.deps.db.update(users).set({ organizationId: orgId }).where(eq(users.id, member.user.id));
  return member;
}

/** An invitation link to `orgId` (active for INVITE_TTL_DAYS unless told otherwise). */
export async function makeInvite(ctx: TestContext, orgId: number, opts: { expiresAt?: Date; status?: string; key?: string } = {}) {
  const [row] = await ctx.deps.db
    .insert(invites)
    .values({
      key: opts.key ?? `invite-${unique()}-${'k'.repeat(16)}`,
      organizationId: orgId,
      status: opts.status ?? 'active',
      expiresAt: opts.expiresAt ?? new Date(Date.now() + INVITE_TTL_DAYS * 86400_000),
    })
    .returning();
  return row;
}

/** Makes an existing user a member of `orgId` (without changing their current organization). */
export async function addMembership(ctx: TestContext, orgId: number, userId: number, roleId: number = ROLE.user) {
  const [row] = await ctx.deps.db.insert(memberships).values({ organizationId: orgId, userId, roleId }).returning();
  return row;
}

/** An image uploaded to `orgId` (as POST f/av stores it); returns its `/api/f/…` path for avatars. */
export async function makeUpload(ctx: TestContext, orgId: number, userId: number | null = null, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } });
  const bytes = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return uploadUrl(await saveUpload(ctx.deps.db, ctx.deps.storage, orgId, userId, { image: bytes, fields: { scope: 'avatar' } }));
}
