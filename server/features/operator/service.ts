import { TRIAL_DAYS } from '../../../common/limits.js';
import { PLAN_NAMES } from '../../../common/plans.js';
import { allows, planLimit } from '../../../common/policy.js';
import type { Db } from '../../db/client.js';
import type { organizations } from '../../db/schema/accounts.js';
import { AppError, errorObject, notFound, ValidationError, type ErrorObject } from '../../http/errors.js';
import type { ListParams } from '../../http/jsonapi.js';
import { extendTrial, isPlanKey, lockOrganization, setPlanByOperator, subscriptionStatusAttributes } from '../organizations/service.js';
import { listOrganizationsPage, usageOfOrganizations, type OrganizationUsage } from './repo.js';
import { MAX_TRIAL_EXTENSION_DAYS, type OperatorOrganizationAttributes, type OperatorPlan } from '../../../common/schemas/operator.js';

const DAY_MS = 86_400_000;

type OrganizationRow = typeof organizations.$inferSelect;

export interface OperatorOrganization {
  org: OrganizationRow;
  usage: OrganizationUsage;
}

/** The resource's attributes: the organization, its billing state and its usage against its limits. */
export function operatorOrganizationAttributes({ org, usage }: OperatorOrganization, now = new Date()): OperatorOrganizationAttributes {
  const limit = (key: Parameters<typeof planLimit>[1]) => planLimit({ org }, key);
  return {
    name: org.name,
    plan: org.plan,
    'plan-name': isPlanKey(org.plan) ? PLAN_NAMES[org.plan] : org.plan,
    subscription_status: subscriptionStatusAttributes(org, now),
    stripe_customer_id: org.stripeCustomerId,
    platform_operator: allows({ org }, 'platform.operate'),
    inserted_at: org.insertedAt.toISOString(),
    members: usage.members,
    usage: {
      projects: { used: usage.projects, limit: limit('max_projects') },
      reports: { used: usage.reports, limit: limit('max_reports') },
      highlights_limit: limit('max_screenshots'),
      alerts: usage.alerts,
      data_months: limit('max_data'),
    },
  };
}

const EMPTY_USAGE: OrganizationUsage = { projects: 0, reports: 0, alerts: 0, members: 0 };

/** A page of every organization with its usage (two queries whatever the page size). */
export async function listOperatorOrganizations(db: Db, params: ListParams): Promise<{ rows: OperatorOrganization[]; total: number }> {
  const { rows, total } = await listOrganizationsPage(db, params);
  const usage = await usageOfOrganizations(
    db,
    rows.map((r) => r.org.id),
  );
  return { rows: rows.map(({ org }) => ({ org, usage: usage.get(org.id) ?? EMPTY_USAGE })), total };
}

export interface OperatorOrganizationChange {
  plan?: OperatorPlan;
  trialEndsAt?: Date;
}

/** The problems of a change, all at once, before anything is written. */
function checkChange(org: OrganizationRow, change: OperatorOrganizationChange, now: Date): ErrorObject[] {
  const at = (field: 'plan' | 'trial_ends_at') => ({ pointer: `/data/attributes/${field}` });
  if (allows({ org }, 'platform.operate')) {
    // Its plan (admin, unlimited) is what runs the platform; nothing here may take it away.
    return [errorObject('validation_failed', "The platform operator's organization keeps its plan", at(change.plan ? 'plan' : 'trial_ends_at'))];
  }
  const errors: ErrorObject[] = [];
  if (change.plan === undefined && change.trialEndsAt === undefined) {
    errors.push(errorObject('validation_failed', 'Give a plan or a trial end', { pointer: '/data/attributes' }));
  }
  if (change.trialEndsAt) {
    if (change.plan && change.plan !== 'trial') {
      errors.push(errorObject('validation_failed', 'Only the trial plan has an end date', at('trial_ends_at')));
    } else if (change.trialEndsAt.getTime() <= now.getTime()) {
      errors.push(errorObject('validation_failed', 'The trial end must be in the future', at('trial_ends_at')));
    } else if (change.trialEndsAt.getTime() > now.getTime() + MAX_TRIAL_EXTENSION_DAYS * DAY_MS) {
      errors.push(errorObject('validation_failed', `The trial end can be at most ${MAX_TRIAL_EXTENSION_DAYS} days ahead`, at('trial_ends_at')));
    }
  }
  return errors;
}

/**
 * The operator changes an organization's plan or trial end, in one transaction under the
 * organization's lock. A paid plan is active at once (plan_source operator); the trial plan runs
 * until `trialEndsAt`, or keeps the trial end it has if that is still ahead, or gets a fresh
 * TRIAL_DAYS. A trial end alone (re)opens a trial until then, an expired one included. The
 * plan's default permissions replace the old ones; nothing is deleted on a downgrade (what is over
 * the new limits stays readable, new creation is refused). Stripe is not told: a subscription there
 * keeps billing, and its next event sets the plan it pays for.
 */
export async function changeOperatorOrganization(db: Db, orgId: number, change: OperatorOrganizationChange, now = new Date()): Promise<OperatorOrganization> {
  const org = await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, orgId);
    if (!org) throw notFound('organization');
    const errors = checkChange(org, change, now);
    if (errors.length) throw new ValidationError(errors);

    if (change.plan === 'trial' || (change.plan === undefined && change.trialEndsAt)) {
      const current = org.plan === 'trial' && org.trialEndsAt && org.trialEndsAt > now ? org.trialEndsAt : null;
      await extendTrial(tx, orgId, change.trialEndsAt ?? current ?? new Date(now.getTime() + TRIAL_DAYS * DAY_MS));
    } else if (change.plan) {
      await setPlanByOperator(tx, orgId, change.plan);
    }
    const updated = await lockOrganization(tx, orgId);
    if (!updated) throw new AppError('internal', 'The organization disappeared during the change');
    return updated;
  });
  const usage = await usageOfOrganizations(db, [org.id]);
  return { org, usage: usage.get(org.id) ?? EMPTY_USAGE };
}
