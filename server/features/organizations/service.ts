import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ROLE, TIER_NAMES, TRIAL_DAYS, type TierId } from '../../../common/limits.js';
import {
  CAPABILITIES_BY_LEGACY_ID,
  NO_CAPABILITIES,
  PLAN_DEFAULTS,
  PLAN_NAMES,
  PLAN_SOURCES,
  PLAN_TIER,
  SUBSCRIPTION_STATUSES,
  type BillingPeriod,
  type Capabilities,
  type PlanSource,
  type SubscriptionStatus,
  type SubscriptionStatusAttributes,
} from '../../../common/plans.js';
import { allows, isTrialExpired } from '../../../common/policy.js';
import type { Db, Tx } from '../../db/client.js';
import { memberships, organizations, users } from '../../db/schema/accounts.js';
import { authorize } from '../../http/authorize.js';
import { AppError, errorObject, ValidationError, type ErrorObject } from '../../http/errors.js';
import { addMembership, setMemberRoles, updateUserRow } from '../auth/service.js';
import { findOrganization, findOrganizationPermissions, lockMemberships, lockOrganizationPermissions, type OrganizationRow } from './repo.js';

// Plan permissions as other features read them: `findOrganizationPermissions(tx, orgId)` for a
// check, `lockOrganizationPermissions(tx, orgId)` to hold the organization row while a
// plan-limited count is checked and raised in the same transaction.
export { findOrganizationPermissions, lockOrganizationPermissions };

export type PlanKey = keyof typeof PLAN_DEFAULTS;

/**
 * Creates an organization on a plan, with `ownerId` as its admin, and makes it the owner's
 * current organization. Trials end TRIAL_DAYS from now.
 */
export async function createOrganization(
  tx: Tx,
  input: {
    name: string;
    plan: PlanKey;
    ownerId: number;
    capabilities?: Capabilities;
    stripeCustomerId?: string | null;
    /** Overrides the trial end (an organization created from a trial must not start a fresh trial). */
    trialEndsAt?: Date | null;
    /** The billing state an added organization shares with the one it was created from. */
    billing?: Pick<OrganizationRow, 'subscriptionStatus' | 'planSource' | 'stripeSubscriptionId' | 'billingPeriod' | 'currentPeriodEnd'>;
  },
) {
  const [org] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      plan: input.plan,
      tierId: PLAN_TIER[input.plan],
      permissions: PLAN_DEFAULTS[input.plan],
      // eslint-disable-next-line no-restricted-syntax -- stored as the caller gives them (the seed's operator): nothing is decided here
      capabilities: input.capabilities ?? NO_CAPABILITIES,
      stripeCustomerId: input.stripeCustomerId ?? null,
      trialEndsAt: input.trialEndsAt !== undefined ? input.trialEndsAt : input.plan === 'trial' ? new Date(Date.now() + TRIAL_DAYS * 86400_000) : null,
      subscriptionStatus: input.billing?.subscriptionStatus ?? (input.plan === 'trial' ? 'trialing' : 'active'),
      planSource: input.billing?.planSource ?? 'signup',
      stripeSubscriptionId: input.billing?.stripeSubscriptionId ?? null,
      billingPeriod: input.billing?.billingPeriod ?? null,
      currentPeriodEnd: input.billing?.currentPeriodEnd ?? null,
    })
    .returning();
  await addMembership(tx, org.id, input.ownerId, ROLE.admin);
  await updateUserRow(tx, input.ownerId, { organizationId: org.id });
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

export const isPlanKey = (plan: string): plan is PlanKey => Object.hasOwn(PLAN_DEFAULTS, plan);

/** `subscription_status` as the API sends it (common/plans.ts SubscriptionStatusAttributes). */
export function subscriptionStatusAttributes(org: OrganizationRow, now = new Date()): SubscriptionStatusAttributes {
  return {
    trial_expired: isTrialExpired(org, now),
    trial_ends_at: org.trialEndsAt?.toISOString() ?? null,
    status: (SUBSCRIPTION_STATUSES as readonly string[]).includes(org.subscriptionStatus) ? (org.subscriptionStatus as SubscriptionStatus) : 'trialing',
    plan_source: (PLAN_SOURCES as readonly string[]).includes(org.planSource) ? (org.planSource as PlanSource) : 'signup',
    billing_period: org.billingPeriod === 'monthly' || org.billingPeriod === 'annual' ? org.billingPeriod : null,
    current_period_end: org.currentPeriodEnd?.toISOString() ?? null,
    payment_failed: org.paymentFailedAt !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// Plan and subscription state. Billing (webhooks, the trial job, the operator console) changes an
// organization's plan only through these; the plan's permissions are reset to its defaults.
// ---------------------------------------------------------------------------------------------

/** What a Stripe subscription says about the organizations of its customer. */
export interface SubscriptionState {
  plan: PlanKey;
  status: SubscriptionStatus;
  stripeSubscriptionId: string | null;
  billingPeriod: BillingPeriod | null;
  currentPeriodEnd: Date | null;
  /** true: set the failed-payment mark (kept if already set); false: clear it. */
  paymentFailed: boolean;
}

function planColumns(plan: PlanKey) {
  return { plan, tierId: PLAN_TIER[plan], permissions: PLAN_DEFAULTS[plan] };
}

/** The organizations billed to a Stripe customer, locked (`for update`) in `tx`, by id. */
export async function lockOrganizationsOfCustomer(tx: Tx, customerId: string): Promise<OrganizationRow[]> {
  return tx.select().from(organizations).where(eq(organizations.stripeCustomerId, customerId)).orderBy(organizations.id).for('update');
}

/** One organization, locked (`for update`) in `tx`. */
export async function lockOrganization(tx: Tx, orgId: number): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, orgId)).for('update');
  return row;
}

export { findOrganization };

/** Records the payment customer created for an organization (only where none is set yet). */
export async function setStripeCustomerId(tx: Tx, orgId: number, customerId: string): Promise<boolean> {
  const rows = await tx
    .update(organizations)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(organizations.id, orgId), isNull(organizations.stripeCustomerId)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/** Applies a subscription's current state to organizations (plan_source stripe). The platform operator keeps its plan. */
export async function applySubscriptionState(tx: Tx, orgIds: number[], state: SubscriptionState): Promise<void> {
  if (!orgIds.length) return;
  await tx
    .update(organizations)
    .set({
      ...planColumns(state.plan),
      subscriptionStatus: state.status,
      planSource: 'stripe',
      stripeSubscriptionId: state.stripeSubscriptionId,
      billingPeriod: state.billingPeriod,
      currentPeriodEnd: state.currentPeriodEnd,
      paymentFailedAt: state.paymentFailed ? sql`coalesce(${organizations.paymentFailedAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(and(inArray(organizations.id, orgIds), sql`not coalesce((${organizations.capabilities}->>'platform_operator')::boolean, false)`));
}

/** Ends a subscription: the organizations are closed (expired) until they subscribe again; their data stays. */
export async function expireSubscription(tx: Tx, orgIds: number[]): Promise<void> {
  if (!orgIds.length) return;
  await tx
    .update(organizations)
    .set({ subscriptionStatus: 'expired', paymentFailedAt: null, currentPeriodEnd: null, updatedAt: new Date() })
    .where(and(inArray(organizations.id, orgIds), sql`not coalesce((${organizations.capabilities}->>'platform_operator')::boolean, false)`));
}

/** The operator sets a plan by hand (no subscription behind it): active, plan_source operator. */
export async function setPlanByOperator(tx: Tx, orgId: number, plan: PlanKey): Promise<void> {
  await tx
    .update(organizations)
    .set({
      ...planColumns(plan),
      subscriptionStatus: plan === 'trial' ? 'trialing' : 'active',
      planSource: 'operator',
      paymentFailedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, orgId));
}

/** The operator extends (or restarts) a trial until `until`: plan trial, trialing. */
export async function extendTrial(tx: Tx, orgId: number, until: Date): Promise<void> {
  await tx
    .update(organizations)
    .set({ ...planColumns('trial'), trialEndsAt: until, subscriptionStatus: 'trialing', planSource: 'operator', updatedAt: new Date() })
    .where(eq(organizations.id, orgId));
}

/**
 * Marks trials that ended by `now` expired (the daily job); returns the organizations it marked.
 * Never the platform operator.
 */
export async function markExpiredTrials(tx: Tx, now: Date): Promise<OrganizationRow[]> {
  return tx
    .update(organizations)
    .set({ subscriptionStatus: 'expired', updatedAt: now })
    .where(
      and(
        eq(organizations.plan, 'trial'),
        eq(organizations.subscriptionStatus, 'trialing'),
        sql`${organizations.trialEndsAt} < ${now}`,
        sql`not coalesce((${organizations.capabilities}->>'platform_operator')::boolean, false)`,
      ),
    )
    .returning();
}

/** Running trials ending before `before` (the trial reminders), never the operator. */
export async function listTrialsEndingBefore(db: Tx, before: Date): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .where(
      and(
        eq(organizations.plan, 'trial'),
        eq(organizations.subscriptionStatus, 'trialing'),
        sql`${organizations.trialEndsAt} < ${before}`,
        sql`not coalesce((${organizations.capabilities}->>'platform_operator')::boolean, false)`,
      ),
    )
    .orderBy(organizations.id);
}

/** Organizations without a payment customer (billing creates them), never the operator, oldest first. */
export async function listOrganizationsWithoutCustomer(db: Tx, limit: number): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .where(and(isNull(organizations.stripeCustomerId), sql`not coalesce((${organizations.capabilities}->>'platform_operator')::boolean, false)`))
    .orderBy(organizations.id)
    .limit(limit);
}

/** The admins of an organization (name and e-mail), for billing e-mails. */
export async function listOrganizationAdmins(db: Tx, orgId: number): Promise<{ userId: number; name: string; email: string }[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.roleId, ROLE.admin)))
    .orderBy(users.id);
}

export { listSlackChannelNames } from './repo.js';

/**
 * An organization's attributes as `GET organizations/{id}` and `GET user`'s `organization`
 * spell them (docs/api.md), with its Slack channels (listSlackChannelNames).
 */
export function organizationAttributes(org: OrganizationRow, slackChannels: { id: string; name: string }[]) {
  return {
    name: org.name,
    avatar: org.avatar,
    plan: org.plan,
    'plan-name': isPlanKey(org.plan) ? PLAN_NAMES[org.plan] : org.plan,
    'tier-name': TIER_NAMES[org.tierId as TierId] ?? null,
    stripe_customer_id: org.stripeCustomerId,
    subscription_status: subscriptionStatusAttributes(org),
    slack_enabled: org.slackEnabled,
    slack_channels: slackChannels,
    // The organization's plan as the API documents it (docs/api.md); the web's screens still read
    // it until they ask abilities (issue 29, item 4). Presented, not decided on.
    /* eslint-disable no-restricted-syntax -- presented to the client, not decided on */
    permissions: org.permissions,
    capabilities: org.capabilities,
    /* eslint-enable no-restricted-syntax */
  };
}

export type MemberAction = { id: number; action: 'kick' | 'promote' };

/**
 * Kicks (role 3) or promotes (role 1) members, all or none. Every id must be a member (404);
 * an admin cannot kick themself, an already kicked member cannot be kicked again, and the
 * organization keeps at least one admin (422). The caller drops cached sessions afterwards.
 */
export async function changeMemberRoles(db: Db, orgId: number, callerId: number, actions: MemberAction[]) {
  await db.transaction(async (tx) => {
    // Locking the organization's memberships serialises concurrent role changes, so two admins
    // demoting each other at once cannot leave the organization without an admin.
    const roles = new Map((await lockMemberships(tx, orgId)).map((m) => [m.userId, m.roleId as number]));
    // The cached caller may be up to a few seconds old; the locked row is the truth.
    authorize({ roleId: roles.get(callerId) }, 'org.admin');
    const missing = actions.findIndex((a) => !roles.has(a.id));
    if (missing >= 0) throw new AppError('not_found', 'The member was not found', `/data/attributes/users/${missing}/id`);

    const errors: ErrorObject[] = [];
    const seen = new Set<number>();
    actions.forEach((a, i) => {
      const at = (field: string) => ({ pointer: `/data/attributes/users/${i}/${field}` });
      if (seen.has(a.id)) errors.push(errorObject('validation_failed', 'A member can only be listed once', at('id')));
      seen.add(a.id);
      if (a.action !== 'kick') return;
      if (a.id === callerId) errors.push(errorObject('validation_failed', 'You cannot remove yourself from the organization', at('action')));
      else if (roles.get(a.id) === ROLE.kicked)
        errors.push(errorObject('validation_failed', 'This member was already removed from the organization', at('action')));
    });
    if (errors.length) throw new ValidationError(errors);

    for (const a of actions) roles.set(a.id, a.action === 'kick' ? ROLE.kicked : ROLE.admin);
    if (![...roles.values()].includes(ROLE.admin)) {
      throw new ValidationError([errorObject('validation_failed', 'An organization must keep at least one admin', { pointer: '/data/attributes/users' })]);
    }
    const ids = (action: MemberAction['action']) => actions.filter((a) => a.action === action).map((a) => a.id);
    await setMemberRoles(tx, orgId, ids('kick'), ROLE.kicked);
    await setMemberRoles(tx, orgId, ids('promote'), ROLE.admin);
  });
}

/**
 * The plan a new organization gets: its creator's current plan. The unlimited admin plan only
 * passes on from the platform operator; any other organization holding it (a grant by the
 * operator) starts its new organizations on a trial.
 */
function planForNewOrganization(current: OrganizationRow): PlanKey {
  if (current.plan === 'admin') return allows({ org: current }, 'platform.operate') ? 'admin' : 'trial';
  return isPlanKey(current.plan) ? current.plan : 'trial';
}

/** The organizations the user is an admin of, as `organizations.create` counts them. */
export async function countAdminOf(db: Tx, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.roleId, ROLE.admin)));
  return n;
}

/**
 * `POST settings` (admins): a new organization with the caller as admin, on the plan and
 * payment customer of the caller's
 * current organization, which it replaces as the current one. Allowed while the caller admins
 * fewer organizations than the current plan's `max_organisations` (403 plan_limit otherwise).
 */
export async function addOrganization(db: Db, callerId: number, currentOrgId: number, name: string) {
  return db.transaction(async (tx) => {
    // Serialises creations by the same user, so two requests at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, callerId)).for('update');
    const current = await findOrganization(tx, currentOrgId);
    if (!current) throw new AppError('not_found', 'The organization was not found');
    authorize({ org: current }, 'organizations.create', { adminOf: await countAdminOf(tx, callerId) });
    const plan = planForNewOrganization(current);
    // A trial passes on its end date: creating an organization must not restart the trial.
    const trialEndsAt = plan === 'trial' && current.plan === 'trial' ? current.trialEndsAt : undefined;
    // The plan covers several organizations under one subscription, so they share its customer.
    // The new organization shares its billing state, so the subscription's webhooks (by customer) keep both in step.
    const billing = plan === current.plan ? current : undefined;
    return createOrganization(tx, { name, plan, ownerId: callerId, trialEndsAt, stripeCustomerId: current.stripeCustomerId, billing });
  });
}

/** The Slack app was installed (true) or uninstalled/revoked (false) for the organization (written by slack). */
export async function setSlackEnabled(tx: Tx, orgId: number, enabled: boolean): Promise<void> {
  await tx.update(organizations).set({ slackEnabled: enabled, updatedAt: new Date() }).where(eq(organizations.id, orgId));
}
