import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { browser } from './api/payments';
import { annualDiscountPercent, annualSavingLabel, formatPrice, toPlanOffer } from './api/products';
import { productsDoc, renderRoute, serveBilling, type ServeOptions } from './billing-fixtures';
import { UpgradeDialog } from './components/upgrade-dialog';

const trialOrg = { plan: 'trial', stripe_customer_id: 'cus_1', subscription_status: { trial_expired: false, plan_source: 'signup', status: 'trialing' } };

function openDialog(opts: ServeOptions = {}) {
  const calls = serveBilling({ organization: trialOrg, ...opts });
  const onClose = vi.fn();
  renderRoute('/settings', <UpgradeDialog opened onClose={onClose} />);
  return { calls, onClose };
}

const column = (name: string) => screen.getByRole('group', { name: `${name} plan` });
const button = (name: string | RegExp, within_?: HTMLElement) => (within_ ? within(within_) : screen).getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenStore.clear();
});

describe('upgrade dialog: plans', () => {
  it('shows the three plans of GET products with their monthly prices, the popular one marked', async () => {
    openDialog();
    expect(await screen.findByText('$100')).toBeTruthy();
    expect(within(column('Starter')).getByText('/ month')).toBeTruthy();
    expect(within(column('Pro')).getByText('$500')).toBeTruthy();
    expect(within(column('Pro')).getByText('Most popular')).toBeTruthy();
    expect(within(column('Agency')).getByText('Let’s talk')).toBeTruthy();
    expect(screen.queryByText('$249')).toBeNull();
  });

  it('switches to annual prices with the monthly equivalent, and shows the saving computed from the prices', async () => {
    openDialog();
    await screen.findByText('$100');
    // 108000 against 12 × 10000 and 540000 against 12 × 50000: 10 % both.
    expect(screen.getByText('Save 10 %')).toBeTruthy();
    fireEvent.click(screen.getByText('Annual'));
    expect(await screen.findByText('$1,080')).toBeTruthy();
    expect(within(column('Starter')).getByText('$90 / month, billed yearly')).toBeTruthy();
    expect(within(column('Pro')).getByText('$5,400')).toBeTruthy();
    expect(within(column('Pro')).getByText('Save 10 %')).toBeTruthy();
  });

  it('shows what each plan includes with a check and, at once, what it lacks marked as missing (issue 27)', async () => {
    openDialog();
    await screen.findByText('$100');
    const starter = column('Starter');
    const included = within(starter).getByRole('list', { name: 'Included in Starter' });
    expect(
      within(included)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '6 active projects',
      '3 months of Super Search history',
      '50 reports',
      '5 highlighted articles per report',
      '1 organization',
      'Slack and Discord alerts',
    ]);
    expect(included.querySelectorAll('.tabler-icon-check')).toHaveLength(6);
    // Nothing hides behind "See more": the missing features show at once, with a cross, never a check.
    expect(within(starter).queryByRole('button', { name: /See more/ })).toBeNull();
    const missing = within(starter).getByRole('list', { name: 'Not included in Starter' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Not included: YouTube and Twitch feeds', 'Not included: Unique monthly visitors (UMV) per outlet']);
    expect(missing.querySelectorAll('.tabler-icon-x')).toHaveLength(2);
    expect(missing.querySelectorAll('.tabler-icon-check')).toHaveLength(0);
    // "Not included:" is for screen readers; on screen the cross and the muted text say it.
    expect(within(missing).getAllByText('Not included:')[0].closest('.mantine-VisuallyHidden-root')).not.toBeNull();
    expect(within(column('Pro')).getByRole('list', { name: 'Not included in Pro' }).textContent).toBe('Not included: Custom branding of public reports');
    // A plan that lacks nothing has no such list.
    expect(within(column('Agency')).queryByRole('list', { name: /Not included/ })).toBeNull();
  });

  it('marks the current plan', async () => {
    openDialog({
      organization: { plan: 'starter', stripe_customer_id: 'cus_1', subscription_status: { trial_expired: false, plan_source: 'operator', status: 'active' } },
    });
    await screen.findByText('$100');
    expect(within(column('Starter')).getByText('Current plan')).toBeTruthy();
    expect(button('Your current plan', column('Starter')).disabled).toBe(true);
    expect(within(column('Pro')).queryByText('Current plan')).toBeNull();
  });

  it('posts a checkout for the chosen plan and period, then goes to the payment page', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const { calls } = openDialog();
    await screen.findByText('$100');
    fireEvent.click(screen.getByText('Annual'));
    fireEvent.click(button('Upgrade to Pro'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    const posts = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/checkout');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ data: { type: 'checkout', attributes: { items: [{ price: 'price_p_a', quantity: 1 }], customer_id: 'cus_1' } } });
  });

  it('shows the server’s sentence when the checkout is refused, and stays', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    openDialog({
      other: (req) =>
        req.url.pathname === '/api/checkout'
          ? { status: 502, body: { errors: [{ status: '502', code: 'bad_gateway', title: 'Bad gateway', detail: 'Stripe did not answer.' }] } }
          : undefined,
    });
    await screen.findByText('$100');
    fireEvent.click(button('Upgrade to Starter'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Stripe did not answer.' })));
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(button('Upgrade to Starter').disabled).toBe(false));
  });

  it('disables a plan whose price id this server lacks, saying why', async () => {
    openDialog({ products: { body: productsDoc({ proPriceIds: false }) } });
    await screen.findByText('$100');
    expect(button('Upgrade to Pro').disabled).toBe(true);
    expect(button('Upgrade to Starter').disabled).toBe(false);
    fireEvent.mouseEnter(button('Upgrade to Pro').parentElement!);
    expect(await screen.findByText(MSG.billing.notOnSale)).toBeTruthy();
  });

  it('links agency to sales at the contact address', async () => {
    openDialog();
    await screen.findByText('$100');
    const link = within(column('Agency')).getByRole('link', { name: /Contact sales/ });
    expect(link.getAttribute('href')).toBe('mailto:sales@coverwatch.test?subject=Agency%20plan');
  });
});

describe('upgrade dialog: who may buy', () => {
  it('disables the buttons for a member who is not an admin, with the spec’s sentence', async () => {
    const { calls } = openDialog({ roleId: 2 });
    await screen.findByText('$100');
    expect(screen.getByText(MSG.billing.contactAdmin)).toBeTruthy();
    for (const name of ['Upgrade to Starter', 'Upgrade to Pro', 'Contact sales']) expect(button(name).disabled).toBe(true);
    fireEvent.click(button('Upgrade to Pro'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('disables the buttons when the organization has no payment customer', async () => {
    openDialog({ organization: { ...trialOrg, stripe_customer_id: null } });
    await screen.findByText('$100');
    expect(screen.getByText(MSG.billing.noCustomerId)).toBeTruthy();
    expect(button('Upgrade to Pro').disabled).toBe(true);
  });

  it('names whom to write to when billing is not connected, with no button that would fail', async () => {
    const { calls } = openDialog({ products: { body: productsDoc({ checkoutEnabled: false }) } });
    await screen.findByText('$100');
    expect(screen.getByText(MSG.billing.notConnected('sales@coverwatch.test'))).toBeTruthy();
    expect(screen.getByRole('link', { name: /Write to sales@coverwatch.test/ }).getAttribute('href')).toMatch(/^mailto:sales@coverwatch\.test\?subject=/);
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    expect(
      within(column('Pro'))
        .getByRole('link', { name: /Contact us/ })
        .getAttribute('href'),
    ).toBe('mailto:sales@coverwatch.test?subject=Pro%20plan%20(monthly)');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends an organization that already pays through Stripe to the customer portal', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const { calls } = openDialog({
      organization: { plan: 'starter', stripe_customer_id: 'cus_1', subscription_status: { trial_expired: false, plan_source: 'stripe', status: 'past_due' } },
    });
    await screen.findByText('$100');
    expect(screen.getByText(MSG.billing.alreadySubscribed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    fireEvent.click(button('Change plan', column('Pro')));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://billing.stripe.test/p/bps_1'));
    expect(calls.some((c) => c.url.pathname === '/api/checkout')).toBe(false);
  });
});

describe('upgrade dialog: add-ons', () => {
  it('lists what can be added to the chosen plan, with a contact link naming it', async () => {
    openDialog();
    await screen.findByText('$100');
    fireEvent.click(screen.getByText('Add-ons'));
    expect(await screen.findByText('Extra active projects')).toBeTruthy();
    expect(screen.getByText('More months of Super Search history')).toBeTruthy();
    expect(screen.getByText('Extra organizations')).toBeTruthy();
    expect(screen.getByText('Monthly Starter includes 6 active projects.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact us/ }).getAttribute('href')).toBe(
      'mailto:sales@coverwatch.test?subject=Add-ons%20for%20the%20Monthly%20Starter%20plan',
    );

    fireEvent.click(screen.getAllByLabelText('Your plan').find((el) => el.tagName === 'INPUT')!);
    for (const label of ['Monthly Starter', 'Annual Starter', 'Monthly Pro', 'Annual Pro']) expect(screen.getByRole('option', { name: label })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Annual Pro' }));
    expect(await screen.findByText('Annual Pro includes 12 active projects.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact us/ }).getAttribute('href')).toContain('Annual%20Pro');
  });
});

describe('plan prices', () => {
  it('computes the yearly saving from the prices', () => {
    expect(annualDiscountPercent(24900, 267000)).toBe(11);
    expect(annualDiscountPercent(49900, 539000)).toBe(10);
    expect(annualDiscountPercent(null, null)).toBeNull();
    expect(annualDiscountPercent(0, 100)).toBeNull();
    const plans = productsDoc().data.map((p) => toPlanOffer(p.id, p.attributes));
    expect(annualSavingLabel(plans)).toBe('Save 10 %');
    expect(annualSavingLabel(plans.filter((p) => p.key === 'agency'))).toBeNull();
    // The real prices: Starter saves 11 %, Pro 10 %.
    const real = plans.map((p, i) => (i === 0 ? { ...p, monthly: 24900, annual: 267000 } : i === 1 ? { ...p, monthly: 49900, annual: 539000 } : p));
    expect(annualSavingLabel(real)).toBe('Save up to 11 %');
  });

  it('formats minor units', () => {
    expect(formatPrice(24900)).toBe('$249');
    expect(formatPrice(267000)).toBe('$2,670');
    expect(formatPrice(1000, 'eur')).toBe('10 EUR');
  });
});
