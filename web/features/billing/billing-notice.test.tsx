import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { NoticeBar } from '../../components/notice-bar';
import { tokenStore } from '../../lib/api';
import type { CurrentUser } from '../../lib/session';
import { withAbilities } from '../../testing/user-doc';
import { showsUpgrade, trialState, upgradeAccess } from './api/billing-access';
import { browser } from './api/payments';
import { subscriptionSummary } from './api/subscription';
import { renderRoute, serveBilling } from './billing-fixtures';
import { BillingNotice } from './components/billing-notice';
import { UpgradeButton } from './components/upgrade-button';

const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR - HOUR).toISOString();

function makeUser(org: Record<string, unknown> = {}, roleId = 1): CurrentUser {
  return withAbilities({
    id: '1',
    name: 'Ada',
    email: 'ada@nebula.test',
    avatar: null,
    'role-id': roleId,
    'tier-id': 3,
    'default-project-id': '3',
    status: 'OK',
    organization: {
      id: '7',
      name: 'Nebula Games',
      avatar: null,
      plan: 'trial',
      stripe_customer_id: 'cus_1',
      permissions: {},
      capabilities: {},
      subscription_status: { trial_expired: false, trial_ends_at: inDays(5), plan_source: 'signup', status: 'trialing', payment_failed: false },
      ...org,
    },
  } as CurrentUser);
}

const operator = { capabilities: { platform_operator: true } };
const paid = {
  plan: 'pro',
  subscription_status: { trial_expired: false, trial_ends_at: null, plan_source: 'stripe', status: 'active', payment_failed: false },
};
const failed = {
  plan: 'pro',
  subscription_status: { trial_expired: false, trial_ends_at: null, plan_source: 'stripe', status: 'past_due', payment_failed: true },
};
const endedTrial = {
  subscription_status: {
    trial_expired: false,
    trial_ends_at: new Date(Date.now() - HOUR).toISOString(),
    plan_source: 'signup',
    status: 'trialing',
    payment_failed: false,
  },
};

/** The top bar's button and the notice bar, as the workspace frame shows them. */
function renderFrame(user: CurrentUser) {
  serveBilling();
  return renderRoute(
    '/settings',
    <>
      <header>
        <UpgradeButton user={user} />
      </header>
      <NoticeBar>
        <BillingNotice user={user} />
      </NoticeBar>
    </>,
  );
}

const topBar = () => screen.getByRole('banner');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenStore.clear();
});

describe('the trial in the notice bar (issue 27: one compact bar, not two banners and a pill)', () => {
  it('says the days left and opens the upgrade dialog; the top bar offers no second Upgrade', async () => {
    const { router } = renderFrame(makeUser());
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(MSG.billing.trialDaysLeft(5));
    expect(MSG.billing.trialDaysLeft(5)).toBe('5 days left in your free trial');
    expect(notice.getAttribute('data-tone')).toBe('info');
    expect(within(topBar()).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /Upgrade/ })).toHaveLength(1);
    fireEvent.click(within(notice).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(router.state.location.search).toBe('?upgrade=plans'));
  });

  it('turns orange on the last three days, and says when it is the last one', () => {
    const { unmount } = renderFrame(
      makeUser({ subscription_status: { trial_expired: false, trial_ends_at: inDays(2), plan_source: 'signup', status: 'trialing' } }),
    );
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('warning');
    expect(screen.getByRole('status').textContent).toContain('2 days left in your free trial');
    unmount();
    renderFrame(makeUser({ subscription_status: { trial_expired: false, trial_ends_at: inDays(1), plan_source: 'signup', status: 'trialing' } }));
    expect(screen.getByRole('status').textContent).toContain('Last day of your free trial');
  });

  it('says the trial has ended once its end has passed, and offers the plans', async () => {
    const { router } = renderFrame(makeUser(endedTrial));
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(MSG.billing.trialEnded);
    fireEvent.click(within(notice).getByRole('button', { name: 'Choose a plan' }));
    await waitFor(() => expect(router.state.location.search).toBe('?upgrade=plans'));
  });

  it('is not shown to members, to the operator, or on a paid plan; the bar is then empty', () => {
    for (const user of [makeUser({}, 2), makeUser(operator), makeUser(paid)]) {
      const { unmount, container } = renderFrame(user);
      expect(screen.queryByRole('status')).toBeNull();
      expect(container.querySelector('header + div')!.matches(':empty')).toBe(true);
      unmount();
    }
  });
});

describe('the top bar', () => {
  it('offers to manage the subscription, not to upgrade, once the organization pays (issue 27)', () => {
    renderFrame(makeUser(paid));
    expect(within(topBar()).getAllByRole('button', { name: 'Manage subscription' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
    expect(screen.queryByText(/days left/)).toBeNull();
  });

  it('reads plain Upgrade on a plan nobody pays through Stripe (set by the operator)', () => {
    renderFrame(
      makeUser({
        plan: 'pro',
        subscription_status: { trial_expired: false, trial_ends_at: null, plan_source: 'operator', status: null, payment_failed: false },
      }),
    );
    expect(within(topBar()).getAllByRole('button', { name: 'Upgrade' }).length).toBeGreaterThan(0);
  });

  it('is empty for members who are not admins and for the platform operator', () => {
    expect(showsUpgrade(makeUser({}, 2))).toBe(false);
    expect(showsUpgrade(makeUser(operator))).toBe(false);
    expect(showsUpgrade(makeUser())).toBe(true);
    renderFrame(makeUser(operator));
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  });
});

describe('a failed payment in the notice bar', () => {
  it('tells admins in red and opens the customer portal to update the payment method', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    renderFrame(makeUser(failed));
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain(MSG.billing.paymentFailed);
    expect(notice.getAttribute('data-tone')).toBe('danger');
    fireEvent.click(within(notice).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://billing.stripe.test/p/bps_1'));
  });

  it('is not shown to members or when payments are fine', () => {
    for (const user of [makeUser(failed, 2), makeUser(paid)]) {
      const { unmount } = renderFrame(user);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });
});

describe('billing rules', () => {
  it('tells a running trial, with its days left, from an ended one', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const org = (o: Record<string, unknown>) => makeUser(o).organization;
    expect(trialState(org({ subscription_status: { trial_expired: false, trial_ends_at: '2026-11-27T12:00:00Z' } }), now)).toEqual({
      kind: 'running',
      days: 3,
    });
    expect(trialState(org({ subscription_status: { trial_expired: false, trial_ends_at: '2026-11-24T13:00:00Z' } }), now)).toEqual({
      kind: 'running',
      days: 1,
    });
    expect(trialState(org({ subscription_status: { trial_expired: false, trial_ends_at: '2026-11-24T11:00:00Z' } }), now)).toEqual({ kind: 'ended' });
    expect(trialState(org({ subscription_status: { trial_expired: true, trial_ends_at: '2026-11-30T12:00:00Z' } }), now)).toEqual({ kind: 'ended' });
    expect(trialState(org({ plan: 'pro' }), now)).toBeNull();
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
    expect(
      subscriptionSummary(
        makeUser({ ...paid, subscription_status: { ...paid.subscription_status, billing_period: 'annual', current_period_end: '2027-01-05T00:00:00Z' } })
          .organization,
      )?.text,
    ).toBe('Billed yearly, renews on Jan 5, 2027');
    expect(
      subscriptionSummary(makeUser({ plan: 'agency', subscription_status: { trial_expired: false, plan_source: 'operator', status: 'active' } }).organization)
        ?.text,
    ).toBe('Set by the Coverwatch team');
  });
});
