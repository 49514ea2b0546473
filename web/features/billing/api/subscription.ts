import dayjs from 'dayjs';
import type { CurrentOrganization, CurrentUser } from '../../../lib/session';
import { portalBlockedReason } from './billing-access';
import { useCustomerPortal } from './payments';
import { useProducts } from './products';

const day = (iso: string) => dayjs(iso).format('MMM D, YYYY');

/** One line on where the organization's plan stands, for the settings card; `color` marks trouble. */
export function subscriptionSummary(org: CurrentOrganization | null | undefined): { text: string; color?: string } | null {
  const s = org?.subscription_status;
  if (!org || !s) return null;
  if (s.trial_expired) return { text: org.plan === 'trial' ? 'Trial ended' : 'Subscription ended', color: 'red' };
  if (s.payment_failed) return { text: 'The last payment failed', color: 'red' };
  if (org.plan === 'trial') return s.trial_ends_at ? { text: `Trial ends ${day(s.trial_ends_at)}` } : { text: 'Free trial' };
  if (s.plan_source === 'stripe' && s.current_period_end) {
    const period = s.billing_period === 'annual' ? 'Billed yearly' : s.billing_period === 'monthly' ? 'Billed monthly' : null;
    return { text: period ? `${period}, renews on ${day(s.current_period_end)}` : `Renews on ${day(s.current_period_end)}` };
  }
  if (s.plan_source === 'operator') return { text: 'Set by the Coverwatch team' };
  return null;
}

/**
 * "Manage subscription": the customer portal for admins, or why it cannot open (not an admin, billing
 * not connected here, no payment customer) for the button's tooltip.
 */
export function useManageSubscription(user: CurrentUser | null | undefined) {
  const products = useProducts();
  const portal = useCustomerPortal(user?.organization?.stripe_customer_id);
  return {
    blockedReason: portalBlockedReason(user, products.data?.billing),
    open: () => portal.mutate(),
    // Until GET products says whether billing is connected, the button waits rather than guessing.
    pending: portal.isPending || products.isPending,
  };
}
