import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { userQueryKey, type CurrentUser, type CurrentUserAttributes } from '../../lib/session';
import { stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { browser } from '../billing/api/payments';
import { SettingsPage } from './routes/settings-page';
import { userDocOf } from '../../testing/user-doc';

function organization(id: string, name: string, notificationCard = false) {
  return {
    id,
    name,
    avatar: null,
    plan: 'pro',
    'plan-name': 'Pro',
    stripe_customer_id: 'cus_1',
    subscription_status: { trial_expired: false },
    permissions: { organisations: true, max_organisations: 3 },
    capabilities: { notification_card: notificationCard },
  };
}

function userDoc(opts: { roleId?: number; orgId?: string; notificationCard?: boolean; name?: string } = {}) {
  const orgId = opts.orgId ?? '7';
  const attributes: CurrentUserAttributes = {
    name: opts.name ?? 'Ada Admin',
    email: 'ada@nebula.test',
    avatar: null,
    'role-id': opts.roleId ?? 1,
    'tier-id': 5,
    'default-project-id': null,
    status: 'OK',
    organization: organization(orgId, orgId === '7' ? 'Nebula Games' : 'Nebula EMEA', opts.notificationCard),
    organizations: [
      { id: '8', name: 'Nebula EMEA', 'role-id': 2 },
      { id: '7', name: 'Nebula Games', 'role-id': opts.roleId ?? 1 },
    ],
  };
  return userDocOf(attributes);
}

type Handler = (req: StubRequest) => StubResponse | undefined;

/** GET user from `user`, anything else from `handler`; unknown calls answer 404. */
function serve(user = userDoc(), handler: Handler = () => undefined) {
  return stubFetch((req) => {
    const answer = handler(req);
    if (answer) return answer;
    if (req.method === 'GET' && req.url.pathname === '/api/user') return { body: user };
    return {
      status: 404,
      body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${req.url.pathname}` }] },
    };
  });
}

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/settings']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(
    wrap(
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/loading/callback" element={<p>Loading callback</p>} />
      </Routes>,
    ),
  );
  return { client, ...view };
}

const error = (status: number, code: string, detail: string, pointer?: string) => ({
  status,
  body: { errors: [{ status: String(status), code, title: code, detail, ...(pointer ? { source: { pointer } } : {}) }] },
});

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('settings: invitation link', () => {
  it('creates a link and shows it as an absolute url with a copy button and its expiry', async () => {
    const calls = serve(userDoc(), (req) =>
      req.method === 'POST' && req.url.pathname === '/api/invite'
        ? {
            status: 201,
            body: {
              data: {
                type: 'invite',
                id: 'k3y',
                attributes: {
                  key: 'k3y',
                  url: '/signup/k3y',
                  status: 'active',
                  expires: '2030-01-08T12:00:00Z',
                  organization: { id: '7', name: 'Nebula Games' },
                },
              },
            },
          }
        : undefined,
    );
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Create invitation link' }));

    const url = `${window.location.origin}/signup/k3y`;
    const link = await screen.findByRole('link', { name: url });
    expect(link.getAttribute('href')).toBe(url);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy invitation link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeTruthy();
    expect(screen.getByText(/^Expires Jan 8, 2030/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/invite']);
  });

  it('tells a member who is not an admin to ask one, with no Slack install', async () => {
    serve(userDoc({ roleId: 2 }));
    renderSettings();
    expect(await screen.findByText(MSG.settings.inviteAskAdmin)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /invitation link/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add organization' })).toBeNull();
    expect(screen.queryByText('Chat workspace')).toBeNull();
  });
});

describe('settings: chat workspace and notifications', () => {
  it('shows the Slack install disabled with the reason, and never a link', async () => {
    serve();
    renderSettings();
    const button = (await screen.findByRole('button', { name: 'Add to Slack' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getAllByText(MSG.settings.slackNotConnected).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Slack/ })).toBeNull();
  });

  it('shows the notifications card to every organization (every plan has alerts, issue 15)', async () => {
    serve(userDoc({ notificationCard: false }));
    renderSettings();
    expect(await screen.findByText('Project email notifications')).toBeTruthy();
  });
});

describe('settings: account', () => {
  it('saves the name with PATCH user/{id} and says so', async () => {
    const calls = serve(userDoc(), (req) => (req.method === 'PATCH' ? { body: userDoc({ name: 'Ada Lovelace' }) } : undefined));
    renderSettings();
    const field = await screen.findByLabelText(/^Name/);
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(field, { target: { value: '' } });
    expect(await screen.findByText(MSG.validation.nameRequired)).toBeTruthy();
    expect(save().disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'Ada Lovelace' } });
    fireEvent.click(save());
    expect(await screen.findByText(MSG.modal.userSettings)).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/user/1');
    expect(patch.body).toEqual({ data: { type: 'user', id: '1', attributes: { name: 'Ada Lovelace' } } });
  });
});

describe('settings: organizations', () => {
  it('switches organization, keeps the answered user and opens /loading/callback', async () => {
    const calls = serve(userDoc(), (req) => (req.method === 'PATCH' ? { body: userDoc({ orgId: '8', roleId: 2 }) } : undefined));
    const { client } = renderSettings();
    client.setQueryData(['projects', 'all'], [{ id: '3', name: 'Old project' }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Switch to Nebula EMEA' }));
    expect(await screen.findByText('Loading callback')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      data: { type: 'user', id: '1', relationships: { organization: { data: { type: 'organization', id: '8' } } } },
    });
    expect(client.getQueryData<CurrentUser>(userQueryKey)?.organization?.id).toBe('8');
    // The previous organization's projects are gone; /loading/callback loads the new ones.
    expect(client.getQueryData(['projects', 'all'])).toBeUndefined();
  });

  it('adds an organization after checking its name, and shows the plan limit the server answers', async () => {
    const limit = 'Your plan does not allow more organizations.';
    const calls = serve(userDoc(), (req) => (req.method === 'POST' && req.url.pathname === '/api/settings' ? error(403, 'plan_limit', limit) : undefined));
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Add organization' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Add organization' });

    fireEvent.change(within(dialog).getByLabelText(/Organization name/), { target: { value: 'ab' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText(MSG.validation.organizationLength)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Organization name/), { target: { value: 'Nebula APAC' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText(limit)).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ data: { type: 'settings', attributes: { name: 'Nebula APAC' } } }));
  });
});

describe('settings: subscription', () => {
  const products =
    (checkoutEnabled: boolean): Handler =>
    (req) =>
      req.url.pathname === '/api/products'
        ? { body: { data: [], meta: { billing: { checkout_enabled: checkoutEnabled, contact_email: 'sales@x.test' } } } }
        : undefined;

  function withSubscription(status: Record<string, unknown>, roleId = 1) {
    const doc = userDoc({ roleId });
    Object.assign(doc.data.attributes.organization!.subscription_status, status);
    return doc;
  }

  it('shows where a Stripe subscription stands, and leads with Manage subscription (the customer portal)', async () => {
    const portal = vi.fn(() => ({
      status: 201,
      body: { data: { type: 'customer_portal', id: 'bps_1', attributes: { url: 'https://billing.stripe.test/p/bps_1' } } },
    }));
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    serve(withSubscription({ plan_source: 'stripe', status: 'active', billing_period: 'annual', current_period_end: '2027-01-05T00:00:00Z' }), (req) =>
      req.url.pathname === '/api/customer_portal' ? portal() : products(true)(req),
    );
    renderSettings();
    expect(await screen.findByText('Billed yearly, renews on Jan 5, 2027')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Compare plans/ })).toBeTruthy();
    const manage = screen.getByRole('button', { name: /Manage subscription/ });
    await waitFor(() => expect(manage.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(manage);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://billing.stripe.test/p/bps_1'));
    navigate.mockRestore();
  });

  it('says why Manage subscription cannot open when billing is not connected', async () => {
    serve(withSubscription({ plan_source: 'signup', status: 'trialing' }), products(false));
    renderSettings();
    const manage = await screen.findByRole('button', { name: /Manage subscription/ });
    await waitFor(() => expect(manage.getAttribute('aria-description')).toBe(MSG.settings.billingNotConnected));
    expect(screen.getByRole('button', { name: /^Upgrade$/ })).toBeTruthy();
  });

  it('shows no subscription buttons to members', async () => {
    serve(userDoc({ roleId: 2 }), products(true));
    renderSettings();
    await screen.findByText('Current organization');
    expect(screen.queryByRole('button', { name: /Manage subscription/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  });
});
