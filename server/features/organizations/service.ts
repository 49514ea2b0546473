import { eq, sql } from 'drizzle-orm';
import { ROLE, TRIAL_DAYS } from '../../../common/limits.js';
import { CAPABILITIES_BY_LEGACY_ID, NO_CAPABILITIES, PLAN_DEFAULTS, PLAN_TIER, type Capabilities } from '../../../common/plans.js';
import type { Tx } from '../../db/client.js';
import { memberships, organizations, users } from '../../db/schema/accounts.js';

export type PlanKey = keyof typeof PLAN_DEFAULTS;

/**
 * Creates an organization on a plan, with `ownerId` as its admin, and makes it the owner's
 * current organization. Trials end TRIAL_DAYS from now.
 */
export async function createOrganization(
  tx: Tx,
  input: { name: string; plan: PlanKey; ownerId: number; capabilities?: Capabilities; stripeCustomerId?: string | null },
) {
  const [org] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      plan: input.plan,
      tierId: PLAN_TIER[input.plan],
      permissions: PLAN_DEFAULTS[input.plan],
      capabilities: input.capabilities ?? NO_CAPABILITIES,
      stripeCustomerId: input.stripeCustomerId ?? null,
      trialEndsAt: input.plan === 'trial' ? new Date(Date.now() + TRIAL_DAYS * 86400_000) : null,
    })
    .returning();
  await tx.insert(memberships).values({ organizationId: org.id, userId: input.ownerId, roleId: ROLE.admin });
  await tx.update(users).set({ organizationId: org.id, updatedAt: new Date() }).where(eq(users.id, input.ownerId));
  return org;
}

/**
 * The original product granted abilities by organization id (1, 17, 110). Installs that carry
 * those ids over keep exactly the abilities the specification gives them.
 */
export async function applyLegacyCapabilities(tx: Tx) {
  for (const [id, caps] of Object.entries(CAPABILITIES_BY_LEGACY_ID)) {
    await tx
      .update(organizations)
      .set({ capabilities: caps })
      .where(sql`${organizations.id} = ${Number(id)} and ${organizations.capabilities} <> ${JSON.stringify(caps)}::jsonb`);
  }
}
