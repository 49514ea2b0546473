import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { userQueryKey, type CurrentUser } from '../../lib/session';
import { renderRoute, serveBilling } from './billing-fixtures';
import { UpgradeSuccessPage } from './routes/upgrade-success-page';

const before = { plan: 'trial', subscription_status: { trial_expired: false, plan_source: 'signup', status: 'trialing' } };
const after = { plan: 'pro', 'plan-name': 'Pro plan', subscription_status: { trial_expired: false, plan_source: 'stripe', status: 'active' } };

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('UpgradeSuccessPage', () => {
  it('waits for the webhook (polling GET user), then welcomes the organization to its new plan', async () => {
    const calls = serveBilling({ users: [before, before, after] });
    const { client } = renderRoute('/subscription-upgrade-success', <UpgradeSuccessPage pollMs={10} />);
    expect(screen.getByText(MSG.billing.confirmingPayment)).toBeTruthy();
    expect(await screen.findByText('Welcome to the Pro plan', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('12 active projects')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to your workspace/ }).getAttribute('href')).toBe('/');
    expect(calls.filter((c) => c.url.pathname === '/api/user')).toHaveLength(3);
    // The whole app reads the same cached user: it has the new plan.
    expect(client.getQueryData<CurrentUser>(userQueryKey)?.organization?.plan).toBe('pro');
  });

  it('stops after its polls and says the plan will switch shortly', async () => {
    const calls = serveBilling({ users: [before] });
    renderRoute('/subscription-upgrade-success', <UpgradeSuccessPage pollMs={10} maxPolls={3} />);
    expect(await screen.findByText(MSG.billing.paymentPending, undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to your workspace/ })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/user')).toHaveLength(3);
  });
});
