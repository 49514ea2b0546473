import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { browser } from './api/payments';
import { renderRoute, serveBilling, type ServeOptions } from './billing-fixtures';
import { EndOfTrialPage } from './routes/end-of-trial-page';

const expiredTrial = { plan: 'trial', stripe_customer_id: 'cus_1', subscription_status: { trial_expired: true, plan_source: 'signup', status: 'expired' } };

function renderPage(opts: ServeOptions = {}) {
  const calls = serveBilling({ organization: expiredTrial, ...opts });
  return { calls, ...renderRoute('/errors/end-of-trial', <EndOfTrialPage />) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenStore.clear();
});

describe('EndOfTrialPage', () => {
  it('says the trial has ended, over the plans', async () => {
    renderPage();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getAllByText(MSG.billing.trialEnded).length).toBeGreaterThan(0);
    expect(await screen.findByText('$100')).toBeTruthy();
  });

  it('says the subscription has ended when a paid plan was closed', async () => {
    renderPage({ organization: { ...expiredTrial, plan: 'pro', subscription_status: { trial_expired: true, plan_source: 'stripe', status: 'expired' } } });
    expect((await screen.findAllByText(MSG.billing.subscriptionEnded)).length).toBeGreaterThan(0);
    expect(screen.queryByText(MSG.billing.trialEnded)).toBeNull();
    // The plan it had is not "current" any more: it can be bought again.
    expect(await screen.findByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('returns to the app while the workspace is open', async () => {
    const { router } = renderPage({ organization: { plan: 'trial', subscription_status: { trial_expired: false } } });
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('cannot be closed: no close button, Escape does nothing, and Log out is offered', async () => {
    const { router } = renderPage();
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('$100');
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/basic/logout'));
  });

  it('lets an admin check out', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Starter' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(calls.find((c) => c.url.pathname === '/api/checkout')?.body).toEqual({
      data: { type: 'checkout', attributes: { items: [{ price: 'price_s_m', quantity: 1 }], customer_id: 'cus_1' } },
    });
  });

  it('disables the buttons for a member, with the spec’s sentence', async () => {
    renderPage({ roleId: 2 });
    await screen.findByText('$100');
    expect(screen.getByText(MSG.billing.contactAdmin)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Upgrade to Starter' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the plans cannot be loaded, with a retry', async () => {
    renderPage({ products: { status: 500, body: { errors: [{ status: '500', code: 'internal', title: 'Internal error' }] } } });
    expect(await screen.findByText('The plans could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
