import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_ROLES, isActiveMember } from '../../../common/policy.js';
import { userAbilities, type Abilities } from '../../../common/schemas/users.js';
import type { Db } from '../../db/client.js';
import { memberships, organizations, users } from '../../db/schema/accounts.js';
import { projects } from '../../db/schema/workspace.js';
import { notFound } from '../../http/errors.js';
import { updateUserRow } from '../auth/service.js';
import { countAdminOf, listSlackChannelNames } from '../organizations/service.js';
import { countActiveProjects } from '../projects/service.js';
import { countReports } from '../reports/service.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface UserProfile {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  tierId: number;
  insertedAt: Date;
  /** The address was confirmed (or the account predates verification, or came by invitation). */
  emailVerified: boolean;
  /** `/` opens the projects page (the user's setting). */
  openProjectsFirst: boolean;
  /** The role in the current organization (3 when kicked), null without one. */
  roleId: number | null;
  /** The default project when it belongs to the current organization. */
  defaultProjectId: number | null;
  /** The current organization, null unless the user is an active member of it. */
  organization: OrganizationRow | null;
  /** The current organization's Slack channels (id, name), by name; empty without one. */
  slackChannels: { id: string; name: string }[];
  /** Every organization the user is an active member of. */
  organizations: { id: number; name: string; roleId: number }[];
}

/** The caller's profile as GET user shows it, read fresh from the database. */
export async function getUserProfile(db: Db, userId: number): Promise<UserProfile> {
  const [row] = await db
    .select({
      user: users,
      roleId: memberships.roleId,
      organization: organizations,
      // A default project left behind in another organization is not offered in this one.
      defaultProjectId: projects.id,
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, users.organizationId)))
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(projects, and(eq(projects.id, users.defaultProjectId), eq(projects.organizationId, users.organizationId)))
    .where(eq(users.id, userId));
  if (!row) throw notFound('user');
  const list = await db
    .select({ id: organizations.id, name: organizations.name, roleId: memberships.roleId })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.roleId, ACTIVE_ROLES)))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  const active = isActiveMember(row.roleId);
  const { user } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    // The tier follows the current organization's plan (4 starter, 5 pro, 6 agency, 1 the operator,
    // 3 only on a trial): a trial that paid is no longer "free". Without one, the person's own.
    tierId: active && row.organization ? row.organization.tierId : user.tierId,
    insertedAt: user.insertedAt,
    emailVerified: user.emailVerifiedAt !== null,
    openProjectsFirst: user.openProjectsFirst,
    roleId: row.roleId,
    defaultProjectId: active ? row.defaultProjectId : null,
    organization: active ? row.organization : null,
    slackChannels: active && row.organization ? await listSlackChannelNames(db, row.organization.id) : [],
    organizations: list,
  };
}

/**
 * What the caller may do in their current organization (the user document's `meta.abilities`):
 * every action of common/policy.ts decided for their role and organization, the limited ones with
 * the counts read here. Without an organization every action is refused as the policy refuses it.
 */
export async function getUserAbilities(db: Db, profile: UserProfile, now = new Date()): Promise<Abilities> {
  const org = profile.organization;
  const counts = org
    ? { activeProjects: await countActiveProjects(db, org.id), reports: await countReports(db, org.id), adminOf: await countAdminOf(db, profile.id) }
    : { activeProjects: 0, reports: 0, adminOf: 0 };
  return userAbilities({ roleId: profile.roleId, org }, counts, now);
}

/**
 * Sets (or with null clears) the caller's default project. It must be an active project of the
 * caller's current organization; anything else answers 404.
 */
export async function setDefaultProject(db: Db, orgId: number, userId: number, projectId: number | null): Promise<void> {
  if (projectId !== null) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.organizationId, orgId), eq(projects.id, projectId), eq(projects.locked, false)));
    if (!project) throw notFound('project');
  }
  await updateUserRow(db, userId, { defaultProjectId: projectId });
}

/**
 * Edits the caller's name, avatar and `/` preference and/or switches their current organization, in one
 * transaction. The target organization must be one the user is an active (not kicked)
 * member of, else 404. Returns whether the organization changed, since cached auth contexts
 * must then be dropped.
 */
export async function updateUser(
  db: Db,
  userId: number,
  changes: { name?: string; avatar?: string | null; organizationId?: number; openProjectsFirst?: boolean },
): Promise<{ switched: boolean }> {
  return db.transaction(async (tx) => {
    if (changes.organizationId !== undefined) {
      const [member] = await tx
        .select({ roleId: memberships.roleId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, changes.organizationId), inArray(memberships.roleId, ACTIVE_ROLES)))
        .for('share');
      if (!member) throw notFound('organization');
    }
    await updateUserRow(tx, userId, {
      name: changes.name,
      avatar: changes.avatar,
      organizationId: changes.organizationId,
      openProjectsFirst: changes.openProjectsFirst,
    });
    return { switched: changes.organizationId !== undefined };
  });
}
