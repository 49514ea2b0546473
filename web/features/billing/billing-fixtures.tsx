import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { tokenStore } from '../../lib/api';
import { stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signedInUserDoc } from '../../testing/user-doc';

/** What GET products answers in these tests (prices deliberately unlike the real ones). */
export function productsDoc(opts: { checkoutEnabled?: boolean; proPriceIds?: boolean } = {}) {
  const proIds = opts.proPriceIds ?? true;
  return {
    data: [
      {
        type: 'product',
        id: 'starter',
        attributes: {
          name: 'Starter',
          description: 'Small teams.',
          features: [
            '6 active projects',
            '3 months of Super Search history',
            '50 reports',
            '5 highlighted articles per report',
            '1 organization',
            'Slack and Discord alerts',
          ],
          missing_features: ['YouTube and Twitch feeds', 'Unique monthly visitors (UMV) per outlet'],
          monthly_price: 10000,
          annual_price: 108000,
          currency: 'usd',
          monthly_price_id: 'price_s_m',
          annual_price_id: 'price_s_a',
          contact_sales: false,
        },
      },
      {
        type: 'product',
        id: 'pro',
        attributes: {
          name: 'Pro',
          description: 'Growing teams.',
          features: ['12 active projects', '6 months of Super Search history'],
          missing_features: ['Custom branding of public reports'],
          monthly_price: 50000,
          annual_price: 540000,
          currency: 'usd',
          monthly_price_id: proIds ? 'price_p_m' : null,
          annual_price_id: proIds ? 'price_p_a' : null,
          contact_sales: false,
        },
      },
      {
        type: 'product',
        id: 'agency',
        attributes: {
          name: 'Agency',
          description: 'Agencies.',
          features: ['30 active projects'],
          missing_features: [],
          monthly_price: null,
          annual_price: null,
          currency: 'usd',
          monthly_price_id: null,
          annual_price_id: null,
          contact_sales: true,
        },
      },
    ],
    meta: {
      total_entries: 3,
      last_page: 1,
      page_number: 1,
      page_size: 3,
      billing: { checkout_enabled: opts.checkoutEnabled ?? true, contact_email: 'sales@coverwatch.test' },
    },
  };
}

export interface ServeOptions {
  organization?: Record<string, unknown>;
  roleId?: number;
  products?: StubResponse;
  /** Answers of GET user in turn (the last one repeats): the success page polls it. */
  users?: Record<string, unknown>[];
  /** Answers first; undefined falls through to the defaults. */
  other?: (req: StubRequest) => StubResponse | undefined;
}

/** Serves GET user, GET products, POST checkout and POST customer_portal from memory. */
export function serveBilling(opts: ServeOptions = {}) {
  tokenStore.set('tok-1');
  const orgs = opts.users ?? [opts.organization ?? {}];
  let userCalls = 0;
  return stubFetch((req) => {
    const path = req.url.pathname;
    const own = opts.other?.(req);
    if (own) return own;
    if (path === '/api/user') {
      return { body: signedInUserDoc({ defaultProjectId: '3', organization: orgs[Math.min(userCalls++, orgs.length - 1)], roleId: opts.roleId }) };
    }
    if (path === '/api/products') return opts.products ?? { body: productsDoc() };
    if (req.method === 'POST' && path === '/api/checkout')
      return { status: 201, body: { data: { type: 'checkout', id: 'cs_1', attributes: { url: 'https://checkout.stripe.test/c/cs_1' } } } };
    if (req.method === 'POST' && path === '/api/customer_portal')
      return { status: 201, body: { data: { type: 'customer_portal', id: 'bps_1', attributes: { url: 'https://billing.stripe.test/p/bps_1' } } } };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found' }] } };
  });
}

/** Renders `element` at `path` in a memory router, with `/` answering "the app". */
export function renderRoute(path: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element },
      { path: '/', element: <p>the app</p> },
      { path: '/authentication/basic/logout', element: <p>logged out</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
