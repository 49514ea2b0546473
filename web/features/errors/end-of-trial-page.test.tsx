import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { tokenStore } from '../../lib/api';
import { stubFetch, type StubResponse } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signedInUserDoc } from '../../testing/user-doc';
import { annualDiscountPercent, formatPrice } from './components/plan-offers';
import { EndOfTrialPage } from './routes/end-of-trial-page';

/** What GET products answers (prices deliberately unlike the old hard-coded ones). */
const PRODUCTS_DOC = {
  data: [
    {
      type: 'product',
      id: 'starter',
      attributes: {
        name: 'Starter', description: 'Small teams.', features: ['6 active projects', '3 months of Super Search history'],
        monthly_price: 10000, annual_price: 108000, currency: 'usd', monthly_price_id: 'price_1', annual_price_id: 'price_2', contact_sales: false,
      },
    },
    {
      type: 'product',
      id: 'pro',
      attributes: {
        name: 'Pro', description: 'Growing teams.', features: ['12 active projects'],
        monthly_price: 50000, annual_price: 540000, currency: 'usd', monthly_price_id: null, annual_price_id: null, contact_sales: false,
      },
    },
    {
      type: 'product',
      id: 'agency',
      attributes: {
        name: 'Agency', description: 'Agencies.', features: ['30 active projects'],
        monthly_price: null, annual_price: null, currency: 'usd', monthly_price_id: null, annual_price_id: null, contact_sales: true,
      },
    },
  ],
  meta: { total_entries: 3, last_page: 1, page_number: 1, page_size: 3 },
};

function renderAt(organization: Record<string, unknown>, products: StubResponse = { body: PRODUCTS_DOC }) {
  tokenStore.set('tok-1');
  const calls = stubFetch((req) =>
    req.url.pathname === '/api/user'
      ? { body: signedInUserDoc({ defaultProjectId: '3', organization }) }
      : req.url.pathname === '/api/products'
        ? products
        : { status: 404 },
  );
  const router = createMemoryRouter(
    [
      { path: '/errors/end-of-trial', element: <EndOfTrialPage /> },
      { path: '/', element: <p>the app</p> },
    ],
    { initialEntries: ['/errors/end-of-trial'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, calls };
}

const expired = { plan: 'trial', stripe_customer_id: null, subscription_status: { trial_expired: true } };

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('EndOfTrialPage', () => {
  it('says the trial has ended only when it has', async () => {
    renderAt(expired);
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
  });

  it('returns to the app while the trial is still running', async () => {
    const { router } = renderAt({ plan: 'trial', stripe_customer_id: null, subscription_status: { trial_expired: false } });
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Your free trial has ended')).toBeNull();
  });

  it('shows the plans and prices that GET products answers, monthly and annual with the computed saving', async () => {
    const { calls } = renderAt(expired);
    expect(await screen.findByText('$100')).toBeTruthy();
    expect(screen.getByText('$500')).toBeTruthy();
    expect(screen.queryByText('$249')).toBeNull();
    expect(screen.getByText('6 active projects')).toBeTruthy();
    expect(screen.getByText('Growing teams.')).toBeTruthy();
    expect(screen.getByText('Let’s talk')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact sales/ })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/products')).toBe(true);

    fireEvent.click(screen.getByText('Annual'));
    expect(await screen.findByText('$1,080')).toBeTruthy();
    expect(screen.getByText('$5,400')).toBeTruthy();
    // Starter: 108000 against 12 × 10000 → 10 %; Pro: 540000 against 600000 → 10 %.
    expect(screen.getAllByText(/per year \(save 10%\)/)).toHaveLength(2);
    // An organization without a customer id cannot reach the portal: the upgrade buttons say so by being disabled.
    expect((screen.getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the plans cannot be loaded, with a retry', async () => {
    renderAt(expired, { status: 500, body: { errors: [{ status: '500', code: 'internal', title: 'Internal error' }] } });
    expect(await screen.findByText('The plans could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('plan prices', () => {
  it('computes the yearly saving from the prices', () => {
    expect(annualDiscountPercent(24900, 267000)).toBe(11);
    expect(annualDiscountPercent(49900, 539000)).toBe(10);
    expect(annualDiscountPercent(null, null)).toBeNull();
    expect(annualDiscountPercent(0, 100)).toBeNull();
  });

  it('formats minor units', () => {
    expect(formatPrice(24900)).toBe('$249');
    expect(formatPrice(267000)).toBe('$2,670');
    expect(formatPrice(1000, 'eur')).toBe('10 EUR');
  });
});
