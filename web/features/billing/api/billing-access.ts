import { MSG } from '../../../../common/messages';
import { trialDaysLeft } from '../../../../common/plans';
import { can } from '../../../lib/can';
import type { CurrentOrganization, CurrentUser } from '../../../lib/session';
import type { BillingSettings } from './products';

/**
 * What the caller may do about the plan, decided in one place for the dialog, the settings card and
 * organization details:
 * - `checkout`: an admin with a payment customer on a server that takes payments;
 * - `portal`: the same, but the organization already pays through Stripe, so plans change in the
 *   customer portal (the server answers a new checkout with 409);
 * - otherwise the reason nothing can be bought here, as the sentence to show.
 */
export type UpgradeAccess =
  | { kind: 'checkout' }
  | { kind: 'portal' }
  | { kind: 'not_connected'; contactEmail: string }
  | { kind: 'not_admin'; reason: string }
  | { kind: 'no_customer'; reason: string };

/** A subscription Stripe still bills (paid, or retrying a failed payment). */
export function hasLiveSubscription(org: CurrentOrganization | null | undefined): boolean {
  const s = org?.subscription_status;
  return s?.plan_source === 'stripe' && (s.status === 'active' || s.status === 'past_due' || s.status === 'unpaid');
}

export function upgradeAccess(user: CurrentUser | null | undefined, billing: BillingSettings | undefined): UpgradeAccess {
  // Only admins choose the plan (spec roles): a member is sent to them whatever the server can do.
  if (!can(user, 'org.admin')) return { kind: 'not_admin', reason: MSG.billing.contactAdmin };
  if (billing && !billing.checkoutEnabled) return { kind: 'not_connected', contactEmail: billing.contactEmail };
  if (!user?.organization?.stripe_customer_id) return { kind: 'no_customer', reason: MSG.billing.noCustomerId };
  return hasLiveSubscription(user.organization) ? { kind: 'portal' } : { kind: 'checkout' };
}

/**
 * Why "Manage subscription" (the customer portal) cannot open, or null when it can: only admins,
 * only with a payment customer, only on a server that takes payments.
 */
export function portalBlockedReason(user: CurrentUser | null | undefined, billing: BillingSettings | undefined): string | null {
  if (!can(user, 'org.admin')) return MSG.billing.contactAdmin;
  if (billing && !billing.checkoutEnabled) return MSG.settings.billingNotConnected;
  if (!user?.organization?.stripe_customer_id) return MSG.billing.noCustomerId;
  return null;
}

/** The top-bar Upgrade button and the billing notice are for those who manage billing: admins of organizations other than the platform operator. */
export function showsUpgrade(user: CurrentUser | null | undefined): boolean {
  return !!user?.organization && can(user, 'billing.manage');
}

/**
 * Where a trial stands: running with its days left, or ended (its end has passed; the workspace
 * closes at the server's next check); null when the organization is not on a trial.
 */
export type TrialState = { kind: 'running'; days: number } | { kind: 'ended' };

export function trialState(org: CurrentOrganization | null | undefined, now: Date = new Date()): TrialState | null {
  const endsAt = org?.subscription_status?.trial_ends_at;
  if (org?.plan !== 'trial' || !endsAt) return null;
  const days = org.subscription_status.trial_expired ? 0 : trialDaysLeft(new Date(endsAt), now);
  return days > 0 ? { kind: 'running', days } : { kind: 'ended' };
}
