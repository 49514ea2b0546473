import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import type { CurrentUser } from '../../lib/session';
import { runningTrialDaysLeft, showsUpgrade, upgradeAccess } from './api/billing-access';
import { browser } from './api/payments';
import { subscriptionSummary } from './api/subscription';
import { renderRoute, serveBilling } from './billing-fixtures';
import { BillingBanners } from './components/billing-banners';
import { UpgradeButton } from './components/upgrade-button';

const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR - HOUR).toISOString();

function makeUser(org: Record<string, unknown> = {}, roleId = 1): CurrentUser {
  return {
    id: '1', name: 'Ada', email: 'ada@nebula.test', avatar: null, 'role-id': roleId, 'tier-id': 3, 'default-project-id': '3', status: 'OK',
    organization: {
      id: '7', name: 'Nebula Games', avatar: null, plan: 'trial', stripe_customer_id: 'cus_1', permissions: {}, capabilities: {},
      subscription_status: { trial_expired: false, trial_ends_at: inDays(5), plan_source: 'signup', status: 'trialing', payment_failed: false },
      ...org,
    },
  } as CurrentUser;
}

const operator = { capabilities: { platform_operator: true } };
const paid = { plan: 'pro', subscription_status: { trial_expired: false, trial_ends_at: null, plan_source: 'stripe', status: 'active', payment_failed: false } };
const failed = { plan: 'pro', subscription_status: { trial_expired: false, trial_ends_at: null, plan_source: 'stripe', status: 'past_due', payment_failed: true } };

function renderBar(user: CurrentUser) {
  serveBilling();
  return renderRoute(
    '/settings',
    <>
      <UpgradeButton user={user} />
      <BillingBanners user={user} />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenStore.clear();
});

describe('top-bar Upgrade button', () => {
  it('counts the days left of a trial and opens the upgrade dialog', async () => {
    const { router } = renderBar(makeUser());
    const button = screen.getAllByRole('button', { name: /Upgrade · 5 days left/ })[0];
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.search).toBe('?upgrade=plans'));
  });

  it('offers to manage the subscription, not to upgrade, once the organization pays (issue 27)', () => {
    renderBar(makeUser(paid));
    expect(screen.getAllByRole('button', { name: 'Manage subscription' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
    expect(screen.queryByText(/days left/)).toBeNull();
  });

  it('reads plain Upgrade on a plan nobody pays through Stripe (set by the operator)', () => {
    renderBar(makeUser({ plan: 'pro', subscription_status: { trial_expired: false, trial_ends_at: null, plan_source: 'operator', status: null, payment_failed: false } }));
    expect(screen.getAllByRole('button', { name: 'Upgrade' }).length).toBeGreaterThan(0);
  });

  it('is hidden for members who are not admins and for the platform operator', () => {
    expect(showsUpgrade(makeUser({}, 2))).toBe(false);
    expect(showsUpgrade(makeUser(operator))).toBe(false);
    expect(showsUpgrade(makeUser())).toBe(true);
    renderBar(makeUser(operator));
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  });
});

describe('trial banner', () => {
  it('tells admins the days left and the end date, calm until the last three days', () => {
    const user = makeUser();
    renderBar(user);
    const date = dayjs(user.organization!.subscription_status.trial_ends_at!).format('dddd D MMMM');
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain(MSG.billing.trialEndsIn(5, date));
    expect(banner.getAttribute('data-urgent')).toBeNull();
  });

  it('turns orange on the last three days', () => {
    renderBar(makeUser({ subscription_status: { trial_expired: false, trial_ends_at: inDays(2), plan_source: 'signup', status: 'trialing' } }));
    expect(screen.getByRole('status').getAttribute('data-urgent')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('ends in 2 days');
  });

  it('is not shown to members, to the operator, or on a paid plan', () => {
    for (const user of [makeUser({}, 2), makeUser(operator), makeUser(paid)]) {
      const { unmount } = renderBar(user);
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
    }
  });
});

describe('payment failed banner', () => {
  it('tells admins and opens the customer portal to update the payment method', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    renderBar(makeUser(failed));
    expect(screen.getByRole('alert').textContent).toContain(MSG.billing.paymentFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://billing.stripe.test/p/bps_1'));
  });

  it('is not shown to members or when payments are fine', () => {
    for (const user of [makeUser(failed, 2), makeUser(paid)]) {
      const { unmount } = renderBar(user);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });
});

describe('billing rules', () => {
  it('counts trial days only for a running trial', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const org = (o: Record<string, unknown>) => makeUser(o).organization;
    expect(runningTrialDaysLeft(org({ subscription_status: { trial_expired: false, trial_ends_at: '2026-11-27T12:00:00Z' } }), now)).toBe(3);
    expect(runningTrialDaysLeft(org({ subscription_status: { trial_expired: false, trial_ends_at: '2026-11-24T13:00:00Z' } }), now)).toBe(1);
    expect(runningTrialDaysLeft(org({ subscription_status: { trial_expired: true, trial_ends_at: '2026-11-20T12:00:00Z' } }), now)).toBeNull();
    expect(runningTrialDaysLeft(org({ plan: 'pro' }), now)).toBeNull();
  });

  it('decides who may buy, and how', () => {
    const on = { checkoutEnabled: true, contactEmail: 'sales@x.test' };
    expect(upgradeAccess(makeUser(), on).kind).toBe('checkout');
    expect(upgradeAccess(makeUser(paid), on).kind).toBe('portal');
    expect(upgradeAccess(makeUser(failed), on).kind).toBe('portal');
    expect(upgradeAccess(makeUser({ ...paid, subscription_status: { ...paid.subscription_status, status: 'expired' } }), on).kind).toBe('checkout');
    expect(upgradeAccess(makeUser({}, 2), on)).toEqual({ kind: 'not_admin', reason: MSG.billing.contactAdmin });
    expect(upgradeAccess(makeUser({ stripe_customer_id: null }), on)).toEqual({ kind: 'no_customer', reason: MSG.billing.noCustomerId });
    expect(upgradeAccess(makeUser(), { ...on, checkoutEnabled: false })).toEqual({ kind: 'not_connected', contactEmail: 'sales@x.test' });
  });

  it('summarises where the subscription stands', () => {
    expect(subscriptionSummary(makeUser(failed).organization)).toEqual({ text: 'The last payment failed', color: 'red' });
    expect(subscriptionSummary(makeUser({ ...paid, subscription_status: { ...paid.subscription_status, billing_period: 'annual', current_period_end: '2027-01-05T00:00:00Z' } }).organization)?.text).toBe(
      'Billed yearly, renews on Jan 5, 2027',
    );
    expect(subscriptionSummary(makeUser({ plan: 'agency', subscription_status: { trial_expired: false, plan_source: 'operator', status: 'active' } }).organization)?.text).toBe('Set by the Coverwatch team');
  });
});
