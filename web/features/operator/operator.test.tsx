import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PLAN_DEFAULTS } from '../../../common/plans';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import type { OperatorOrganization } from './api/organizations';
import { trialEndOf } from './components/extend-trial-modal';
import { usageColor } from './components/organization-cells';
import { OperatorOrganizationsPage } from './routes/organizations-page';

const DAY = 86_400_000;
const LIST = '/api/operator/organizations';

function organization(
  id: string,
  over: Partial<OperatorOrganization> & { status?: Partial<OperatorOrganization['subscription_status']> } = {},
): OperatorOrganization {
  const { status, ...rest } = over;
  return {
    id,
    name: `Org ${id}`,
    plan: 'starter',
    'plan-name': 'Starter plan',
    subscription_status: {
      trial_expired: false,
      trial_ends_at: null,
      status: 'active',
      plan_source: 'operator',
      billing_period: null,
      current_period_end: null,
      payment_failed: false,
      ...status,
    },
    stripe_customer_id: null,
    platform_operator: false,
    inserted_at: '2026-03-05T10:00:00Z',
    members: 4,
    usage: { projects: { used: 3, limit: 6 }, reports: { used: 12, limit: 50 }, highlights_limit: 5, alerts: 2, data_months: 3 },
    ...rest,
  };
}

const trialing = organization('2', {
  name: 'Northwind Press',
  plan: 'trial',
  'plan-name': 'Free trial',
  status: { status: 'trialing', plan_source: 'signup', trial_ends_at: new Date(Date.now() + 4.5 * DAY).toISOString() },
  usage: { projects: { used: 3, limit: 3 }, reports: { used: 8, limit: 10 }, highlights_limit: 5, alerts: 1, data_months: 1 },
});
const pastDue = organization('3', {
  name: 'Globex Media',
  plan: 'pro',
  'plan-name': 'Pro plan',
  status: { status: 'past_due', plan_source: 'stripe', payment_failed: true, current_period_end: '2026-12-01T00:00:00Z', billing_period: 'monthly' },
});
const expired = organization('4', {
  name: 'Initech',
  plan: 'trial',
  'plan-name': 'Free trial',
  status: { status: 'expired', trial_expired: true, plan_source: 'signup', trial_ends_at: '2026-10-01T00:00:00Z' },
});
const operatorOrg = organization('1', {
  name: 'Coverwatch HQ',
  plan: 'admin',
  'plan-name': 'Admin',
  platform_operator: true,
  usage: { projects: { used: 2, limit: 100000 }, reports: { used: 1, limit: 100000 }, highlights_limit: 20, alerts: 0, data_months: 120 },
});

type Handler = (req: StubRequest) => StubResponse | undefined;

function serve(handler: Handler = () => undefined) {
  return stubFetch((req) => {
    const answer = handler(req);
    if (answer) return answer;
    if (req.method === 'GET' && req.url.pathname === LIST) {
      const rows = [operatorOrg, trialing, pastDue, expired].map(({ id, ...attributes }) => ({ id, ...attributes }));
      return { body: listDocument('operator_organization', rows, 1, 25) };
    }
    return {
      status: 404,
      body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${req.url.pathname}` }] },
    };
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/operator/organizations']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(wrap(<OperatorOrganizationsPage />));
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const listCalls = (calls: StubRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === LIST);
const patches = (calls: StubRequest[], id: string) => calls.filter((c) => c.method === 'PATCH' && c.url.pathname === `${LIST}/${id}`);

async function openMenu(name: string, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('Organizations screen', () => {
  it('lists each organization with its plan, status, key date and usage against its limits', async () => {
    const calls = serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Organizations' })).toBeTruthy();

    const trial = await rowOf('Northwind Press');
    expect(within(trial).getByText('Trial · 5 days left')).toBeTruthy();
    expect(within(trial).getByText('Trial ends')).toBeTruthy();
    expect(within(trial).getByText('3 / 3')).toBeTruthy();
    expect(within(trial).getByLabelText('3 of 3 projects')).toBeTruthy();
    expect(within(trial).getByText('8 / 10')).toBeTruthy();
    expect(within(trial).getByText('Created Mar 5, 2026')).toBeTruthy();

    const due = await rowOf('Globex Media');
    expect(within(due).getByText('Past due')).toBeTruthy();
    expect(within(due).getByText('Paid through Stripe')).toBeTruthy();
    expect(within(due).getByText('Dec 1, 2026')).toBeTruthy();
    expect(within(due).getByText('Renews')).toBeTruthy();

    const ended = await rowOf('Initech');
    expect(within(ended).getByText('Expired')).toBeTruthy();
    expect(within(ended).getByText('Trial ended')).toBeTruthy();

    // The operator's own organization: unlimited usage, and no menu (it keeps its plan).
    const hq = await rowOf('Coverwatch HQ');
    expect(within(hq).getByText('Platform')).toBeTruthy();
    expect(within(hq).queryByRole('button', { name: /Actions for/ })).toBeNull();

    const [first] = listCalls(calls);
    expect(first!.url.searchParams.get('sort')).toBe('name');
    expect(first!.url.searchParams.get('page[page_size]')).toBe('25');
  });

  it('searches by name on the server', async () => {
    const calls = serve();
    renderPage();
    await rowOf('Northwind Press');
    fireEvent.change(screen.getByPlaceholderText('Search organizations'), { target: { value: 'north' } });
    await waitFor(() => expect(listCalls(calls).some((c) => c.url.searchParams.get('filter[search]') === 'north')).toBe(true));
  });

  it('changes a plan: shows what the plan allows, warns about Stripe, sends the plan, toasts and refetches', async () => {
    const calls = serve((req) =>
      req.method === 'PATCH' ? { body: { data: { type: 'operator_organization', id: '3', attributes: { ...pastDue, plan: 'agency' } } } } : undefined,
    );
    renderPage();
    const dialog = await openMenu('Globex Media', 'Change plan…');
    expect(within(dialog).getByText('Stripe manages this subscription')).toBeTruthy();
    expect(within(dialog).getByText(/Nothing is deleted on a downgrade/)).toBeTruthy();
    // The current plan is chosen: nothing to send yet.
    expect((within(dialog).getByRole('button', { name: 'Change plan' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'New plan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Agency' }));
    expect(within(dialog).getByText(`${PLAN_DEFAULTS.agency.max_projects} active projects`)).toBeTruthy();
    const before = listCalls(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));

    await waitFor(() => expect(patches(calls, '3')).toHaveLength(1));
    expect(patches(calls, '3')[0]!.body).toEqual({ data: { type: 'operator_organization', id: '3', attributes: { plan: 'agency' } } });
    expect(await screen.findByText('Globex Media is now on the Agency plan.')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('extends a trial with a quick choice counted from the current end', async () => {
    const calls = serve((req) => (req.method === 'PATCH' ? { body: { data: { type: 'operator_organization', id: '2', attributes: trialing } } } : undefined));
    renderPage();
    const dialog = await openMenu('Northwind Press', 'Extend trial…');
    expect(within(dialog).getByText(/The trial ends on .* \(5 days left\)\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '+30 days' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    await waitFor(() => expect(patches(calls, '2')).toHaveLength(1));
    const end = new Date(trialing.subscription_status.trial_ends_at!);
    const expected = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() + 30)).toISOString().slice(0, 10);
    expect(patches(calls, '2')[0]!.body).toEqual({ data: { type: 'operator_organization', id: '2', attributes: { trial_ends_at: trialEndOf(expected) } } });
    expect(await screen.findByText(/The trial of Northwind Press now ends on/)).toBeTruthy();
  });

  it("shows the server's field error in the dialog and keeps it open", async () => {
    serve((req) =>
      req.method === 'PATCH'
        ? {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'validation_failed',
                  title: 'Invalid attribute',
                  detail: 'The trial end can be at most 365 days ahead',
                  source: { pointer: '/data/attributes/trial_ends_at' },
                },
              ],
            },
          }
        : undefined,
    );
    renderPage();
    const dialog = await openMenu('Initech', 'Extend trial…');
    expect(within(dialog).getByText(/The trial ended on/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '+7 days' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    expect(await within(dialog).findByText('The trial end can be at most 365 days ahead')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('usage colours', () => {
  it('are orange from 80 % of the limit and red at it', () => {
    expect(usageColor(3, 6)).toBe('blue');
    expect(usageColor(8, 10)).toBe('orange');
    expect(usageColor(10, 10)).toBe('red');
    expect(usageColor(12, 10)).toBe('red');
  });
});
