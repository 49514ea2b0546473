import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import type { CurrentUserAttributes } from '../../lib/session';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { browser } from '../billing/api/payments';
import { OrganizationDetailsPage } from './routes/organization-details-page';
import { userDocOf } from '../../testing/user-doc';

const ORG = {
  id: '7',
  name: 'Nebula Games',
  avatar: null,
  plan: 'pro',
  'plan-name': 'Pro',
  'tier-name': 'Pro',
  stripe_customer_id: 'cus_1',
  subscription_status: { trial_expired: false, trial_ends_at: null },
  permissions: { organisations: true },
  capabilities: {},
};

function userDoc(roleId = 1) {
  const attributes: CurrentUserAttributes = {
    name: 'Ada Admin',
    email: 'ada@nebula.test',
    avatar: null,
    'role-id': roleId,
    'tier-id': 5,
    'default-project-id': '3',
    status: 'OK',
    organization: ORG,
    organizations: [{ id: '7', name: 'Nebula Games', 'role-id': roleId }],
  };
  return userDocOf(attributes);
}

const MEMBERS = [
  { id: 1, name: 'Ada Admin', email: 'ada@nebula.test', avatar: null, 'role-id': 1, 'inserted-at': '2024-03-05T10:00:00Z' },
  { id: 2, name: 'Ben User', email: 'ben@nebula.test', avatar: null, 'role-id': 2, 'inserted-at': '2024-04-01T10:00:00Z' },
  { id: 3, name: 'Cleo Gone', email: 'cleo@nebula.test', avatar: null, 'role-id': 3, 'inserted-at': '2024-05-01T10:00:00Z' },
];

/** GET user, GET organizations/7, its members and PATCH organizations/7 (answered by `patch`). */
function serve(opts: { roleId?: number; patch?: (req: StubRequest) => StubResponse; checkoutEnabled?: boolean } = {}) {
  return stubFetch((req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/user') return { body: userDoc(opts.roleId) };
    if (req.method === 'GET' && path === '/api/products')
      return { body: { data: [], meta: { billing: { checkout_enabled: opts.checkoutEnabled ?? false, contact_email: 'billing@coverwatch.test' } } } };
    if (req.method === 'POST' && path === '/api/customer_portal')
      return { status: 201, body: { data: { type: 'customer_portal', id: 'bps_1', attributes: { url: 'https://billing.stripe.test/p/session/bps_1' } } } };
    if (req.method === 'GET' && path === '/api/organizations/7') return { body: { data: { type: 'organization', id: '7', attributes: ORG } } };
    if (req.method === 'GET' && path === '/api/organizations/7/members') return { body: listDocument('member', MEMBERS, 1, 25) };
    if (req.method === 'PATCH' && path === '/api/organizations/7' && opts.patch) return opts.patch(req);
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/organization-details/3']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(
    wrap(
      <Routes>
        <Route path="/organization-details/:projectId" element={<OrganizationDetailsPage />} />
      </Routes>,
    ),
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

async function openRowMenu(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('organization details: name', () => {
  it('shows the title, and Save stays disabled while the name is unchanged', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nebula Games details' })).toBeTruthy();
    const field = (await screen.findByLabelText(/Organization name/)) as HTMLInputElement;
    expect(field.value).toBe('Nebula Games');
    expect(saveButton().disabled).toBe(true);
  });

  it('says the name cannot be empty under the field and keeps Save disabled', async () => {
    serve();
    renderPage();
    const field = await screen.findByLabelText(/Organization name/);
    fireEvent.change(field, { target: { value: '   ' } });
    expect(await screen.findByText(MSG.organization.nameEmpty)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'Nebula Studios' } });
    expect(screen.queryByText(MSG.organization.nameEmpty)).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('saves a new name with PATCH organizations/{id} type organizations', async () => {
    const calls = serve({ patch: () => ({ body: { data: { type: 'organization', id: '7', attributes: { ...ORG, name: 'Nebula Studios' } } } }) });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Organization name/), { target: { value: ' Nebula Studios ' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ data: { type: 'organizations', id: '7', attributes: { name: 'Nebula Studios' } } });
  });
});

describe('organization details: members', () => {
  it('lists members with their roles and offers only the allowed actions', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Ben User')).toBeTruthy();
    expect(within(table).getByText('Kicked')).toBeTruthy();
    expect(within(table).getAllByText('Admin').length).toBeGreaterThan(0);

    // Nobody removes themself, and kicked members have no actions at all.
    expect(screen.queryByRole('button', { name: 'Actions for Ada Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Cleo Gone' })).toBeNull();

    await openRowMenu('Ben User');
    expect(await screen.findByRole('menuitem', { name: 'Promote to Admin' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Remove from Organization' })).toBeTruthy();
  });

  it('asks before removing, then sends the kick and refreshes the table', async () => {
    const calls = serve({ patch: () => ({ body: { data: { type: 'organization', id: '7', attributes: ORG } } }) });
    renderPage();
    await openRowMenu('Ben User');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from Organization' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will lose access to Nebula Games/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    const membersBefore = calls.filter((c) => c.url.pathname.endsWith('/members')).length;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MSG.organization.kicked)).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/organizations/7');
    expect(patch.body).toEqual({ data: { type: 'organizationPermission', id: '7', attributes: { users: [{ id: '2', action: 'kick' }] } } });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/members')).length).toBeGreaterThan(membersBefore));
  });

  it('sends a promotion after its confirmation', async () => {
    const calls = serve({ patch: () => ({ body: { data: { type: 'organization', id: '7', attributes: ORG } } }) });
    renderPage();
    await openRowMenu('Ben User');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Promote to Admin' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText(MSG.organization.promoted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      data: { type: 'organizationPermission', id: '7', attributes: { users: [{ id: '2', action: 'promote' }] } },
    });
  });

  it('shows the server’s detail when the change is refused', async () => {
    const detail = 'An organization must keep at least one admin';
    serve({ patch: () => ({ status: 422, body: { errors: [{ status: '422', code: 'validation_failed', title: 'Invalid', detail }] } }) });
    renderPage();
    await openRowMenu('Ben User');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from Organization' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(detail)).toBeTruthy();
  });
});

describe('organization details: not an admin', () => {
  it('says only admins manage it, shows the name as text and no members or subscription', async () => {
    const calls = serve({ roleId: 2 });
    renderPage();
    expect(await screen.findByText(MSG.settings.onlyAdminsTitle)).toBeTruthy();
    expect(await screen.findByText('Nebula Games')).toBeTruthy();
    expect(screen.queryByLabelText(/Organization name/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Manage subscription/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/members'))).toBe(false);
  });
});

describe('organization details: subscription', () => {
  it('shows Manage subscription disabled with the reason when billing is not connected', async () => {
    const calls = serve();
    renderPage();
    const button = await screen.findByRole('button', { name: /Manage subscription/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.getAttribute('aria-description')).toBe(MSG.settings.billingNotConnected);
    fireEvent.click(button);
    expect(calls.some((c) => c.url.pathname.includes('customer_portal'))).toBe(false);
  });

  it('opens the customer portal for an admin when billing is connected', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const calls = serve({ checkoutEnabled: true });
    renderPage();
    const button = await screen.findByRole('button', { name: /Manage subscription/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1'));
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/customer_portal');
    expect(post?.body).toEqual({ data: { type: 'customer_create_portal', attributes: { customer_id: 'cus_1' } } });
  });
});
