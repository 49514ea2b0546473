import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organizations, users } from '../../db/schema/accounts.js';
import { notificationSubscriptions as subs } from '../../db/schema/notifications.js';
import { projects } from '../../db/schema/workspace.js';

/** How often a subscription's digest goes out. */
export const FREQUENCIES = ['daily', 'instant'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export type SubscriptionRow = typeof subs.$inferSelect;

/** 32 random bytes, base64url: the secret of a digest's unsubscribe link. */
export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

/** The caller's subscriptions in one organization, by project. */
export async function listSubscriptions(db: Tx, orgId: number, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subs)
    .where(and(eq(subs.organizationId, orgId), eq(subs.userId, userId)))
    .orderBy(asc(subs.projectId));
}

export async function findSubscription(db: Tx, orgId: number, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subs)
    .where(and(eq(subs.organizationId, orgId), eq(subs.userId, userId), eq(subs.id, id)));
  return row;
}

/**
 * The spec's toggle ("none creates one, existing flips status") as one statement, so two quick
 * clicks cannot both insert. A subscription switched back on starts from now: the coverage that
 * arrived while it was off is not mailed afterwards.
 */
export async function toggleSubscription(
  db: Tx,
  orgId: number,
  userId: number,
  projectId: number,
  now: Date,
): Promise<{ row: SubscriptionRow; created: boolean }> {
  const [row] = await db
    .insert(subs)
    .values({ organizationId: orgId, userId, projectId, status: true, frequency: 'daily', unsubscribeToken: newUnsubscribeToken(), coveredUntil: now })
    .onConflictDoUpdate({
      target: [subs.projectId, subs.userId],
      set: {
        status: sql`not ${subs.status}`,
        coveredUntil: sql`case when ${subs.status} then ${subs.coveredUntil} else ${now.toISOString()}::timestamptz end`,
        updatedAt: now,
      },
    })
    .returning({ ...getTableColumns(subs), created: sql<boolean>`(xmax = 0)` });
  const { created, ...rest } = row;
  return { row: rest, created };
}

/** Status and/or frequency of the caller's subscription; undefined when it is not theirs. */
export async function updateSubscription(
  db: Tx,
  orgId: number,
  userId: number,
  id: number,
  changes: { status?: boolean; frequency?: Frequency },
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subs)
    .set({
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.frequency !== undefined && { frequency: changes.frequency }),
      // Switched on again: start from now (see toggleSubscription).
      ...(changes.status === true && { coveredUntil: sql`case when ${subs.status} then ${subs.coveredUntil} else ${now.toISOString()}::timestamptz end` }),
      updatedAt: now,
    })
    .where(and(eq(subs.organizationId, orgId), eq(subs.userId, userId), eq(subs.id, id)))
    .returning();
  return row;
}

/** What an unsubscribe link points at: the subscription with its project, organization and address. */
export interface UnsubscribeTarget {
  id: number;
  status: boolean;
  frequency: string;
  projectName: string;
  organizationName: string;
  email: string;
}

// Reads projects, organizations and users (owned by projects, organizations and auth): a
// read-only join, which architecture.md allows; this feature writes only its own table.
const targetColumns = {
  id: subs.id,
  status: subs.status,
  frequency: subs.frequency,
  projectName: projects.name,
  organizationName: organizations.name,
  email: users.email,
};

export async function findByToken(db: Tx, token: string): Promise<UnsubscribeTarget | undefined> {
  const [row] = await db
    .select(targetColumns)
    .from(subs)
    .innerJoin(projects, eq(projects.id, subs.projectId))
    .innerJoin(organizations, eq(organizations.id, subs.organizationId))
    .innerJoin(users, eq(users.id, subs.userId))
    .where(eq(subs.unsubscribeToken, token));
  return row;
}

/** Turns off the one subscription the token belongs to (idempotent). */
export async function unsubscribeByToken(db: Tx, token: string, now: Date): Promise<boolean> {
  const rows = await db.update(subs).set({ status: false, updatedAt: now }).where(eq(subs.unsubscribeToken, token)).returning({ id: subs.id });
  return rows.length > 0;
}

/** Moves the digest watermark (and the last sending, when one went out) in the digest's transaction. */
export async function markDigested(db: Tx, id: number, coveredUntil: Date, sentAt: Date | null): Promise<void> {
  await db
    .update(subs)
    .set({ coveredUntil, ...(sentAt && { lastSentAt: sentAt }) })
    .where(eq(subs.id, id));
}
