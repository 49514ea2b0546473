import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MSG } from '../../../common/messages';
import type { CurrentUser } from '../../lib/session';
import { withAbilities } from '../../testing/user-doc';
import { renderWithProviders } from '../../testing/render';
import { AccountNotices } from './account-notices';

const inFiveDays = () => new Date(Date.now() + 5 * 86_400_000 - 3_600_000).toISOString();

function trialAdmin(over: Partial<CurrentUser> = {}): CurrentUser {
  return withAbilities({
    id: '1',
    name: 'Ada',
    email: 'ada@nebula.test',
    email_verified: false,
    avatar: null,
    'role-id': 1,
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
      subscription_status: { trial_expired: false, trial_ends_at: inFiveDays(), plan_source: 'signup', status: 'trialing', payment_failed: false },
    },
    ...over,
  } as CurrentUser);
}

afterEach(() => sessionStorage.clear());

describe('the account notices (issue 27: one compact bar)', () => {
  it('puts the trial and the address to confirm in one bar, each with its action', () => {
    renderWithProviders(
      <MemoryRouter>
        <AccountNotices user={trialAdmin()} />
      </MemoryRouter>,
    );
    const [trial, address] = screen.getAllByRole('status');
    expect(trial.textContent).toContain(MSG.billing.trialDaysLeft(5));
    expect(address.textContent).toContain(MSG.identity.banner('ada@nebula.test'));
    // One bar: both notices side by side in the same strip, not stacked banners.
    expect(trial.parentElement).toBe(address.parentElement);
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.getByRole('button', { name: MSG.identity.sendAgain })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    // On a desktop the address gives way to keep the bar on one line: cut with an ellipsis, whole on hover.
    expect(address.getAttribute('data-yields')).toBe('true');
    expect(within(address).getByTitle(MSG.identity.banner('ada@nebula.test'))).toBeTruthy();
    expect(trial.hasAttribute('data-yields')).toBe(false);
  });

  it('draws no bar when the account has nothing to say', () => {
    const { container } = renderWithProviders(
      <MemoryRouter>
        <AccountNotices user={trialAdmin({ email_verified: true, 'role-id': 2 } as Partial<CurrentUser>)} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    // The bar is there but empty, and an empty bar is not drawn (notice-bar.module.css, `:empty`).
    const bar = container.querySelector('[class*="bar"]')!;
    expect(bar.matches(':empty')).toBe(true);
  });
});
