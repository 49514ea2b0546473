import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { memberships, organizations, users } from '../../db/schema/accounts.js';
import { slackChannels } from '../../db/schema/notifications.js';
import { containsPattern, orderTerms, pageWindow, splitTotal, totalOver } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface MemberRow {
  userId: number;
  name: string;
  email: string;
  avatar: string | null;
  roleId: number;
  insertedAt: Date;
}

export const MEMBER_SORTS = ['name', 'email', 'inserted_at', 'role_id'] as const;
export const MEMBER_FILTERS = ['search', 'role_id'] as const;

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  roleId: memberships.roleId,
  insertedAt: memberships.insertedAt,
};

export async function findOrganization(db: Tx, orgId: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  return row;
}

/**
 * The organization's Slack channels as its document lists them (`slack_channels`: id, name), by
 * name. A read of the slack feature's table (reads may join other features' tables); the slack
 * feature keeps it in step with the workspace and empties it on disconnect.
 */
export async function listSlackChannelNames(db: Tx, orgId: number): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: slackChannels.channelId, name: slackChannels.name })
    .from(slackChannels)
    .where(eq(slackChannels.organizationId, orgId))
    .orderBy(asc(slackChannels.name), asc(slackChannels.channelId));
}

/** The organization's plan permissions (undefined for an unknown id). */
export async function findOrganizationPermissions(db: Tx, orgId: number) {
  const [row] = await db.select({ permissions: organizations.permissions }).from(organizations).where(eq(organizations.id, orgId));
  return row?.permissions;
}

/**
 * The organization's plan permissions, with its row locked until the transaction ends: every
 * write that can raise a plan-limited count takes this lock first, so two of them cannot both
 * see room for one more.
 */
export async function lockOrganizationPermissions(tx: Tx, orgId: number) {
  const [row] = await tx.select({ permissions: organizations.permissions }).from(organizations).where(eq(organizations.id, orgId)).for('update');
  return row?.permissions;
}

export async function updateOrganization(db: Tx, orgId: number, values: Partial<{ name: string; avatar: string | null }>) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, orgId))
    .returning();
  return row;
}

function memberWhere(orgId: number, params: ListParams): SQL {
  const parts: SQL[] = [eq(memberships.organizationId, orgId)];
  if (params.search) {
    const pattern = containsPattern(params.search);
    parts.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  const role = params.filter.role_id;
  if (role !== undefined && role !== '') parts.push(eq(memberships.roleId, Number(role) || 0));
  return and(...parts)!;
}

export async function listMembers(db: Tx, orgId: number, params: ListParams) {
  const where = memberWhere(orgId, params);
  const rows = await db
    .select({ ...memberColumns, total: totalOver })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(
      ...orderTerms(
        params,
        {
          name: sql`lower(${users.name})`,
          email: sql`lower(${users.email})`,
          inserted_at: memberships.insertedAt,
          role_id: memberships.roleId,
        },
        users.id,
      ),
    )
    .limit(pageWindow(params).limit)
    .offset(pageWindow(params).offset);
  return splitTotal(
    rows,
    params,
    async () => (await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where))[0].n,
  );
}

/** Every member (kicked ones too: the members table shows them), by name. */
export async function allMembers(db: Tx, orgId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** All of the organization's memberships, locked until the transaction ends. */
export async function lockMemberships(tx: Tx, orgId: number) {
  return tx
    .select({ userId: memberships.userId, roleId: memberships.roleId })
    .from(memberships)
    .where(eq(memberships.organizationId, orgId))
    .orderBy(asc(memberships.userId))
    .for('update');
}
