import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { tokenStore } from '../../lib/api';
import type { CurrentUserAttributes } from '../../lib/session';
import { listDocument, stubFetch } from '../../testing/fetch-stub';
import { LinkedText } from './components/mail-outbox-card';
import { SettingsPage } from './routes/settings-page';
import { userDocOf } from '../../testing/user-doc';

function userDoc(roleId: number, operator = false) {
  const attributes = {
    name: 'Ada Admin',
    email: 'ada@nebula.test',
    avatar: null,
    'role-id': roleId,
    'tier-id': 5,
    'default-project-id': null,
    status: 'OK',
    organization: {
      id: '7',
      name: 'Nebula Games',
      avatar: null,
      plan: 'pro',
      'plan-name': 'Pro',
      stripe_customer_id: 'cus_1',
      subscription_status: { trial_expired: false },
      permissions: { organisations: true, max_organisations: 3 },
      capabilities: { platform_operator: operator },
    },
    organizations: [{ id: '7', name: 'Nebula Games', 'role-id': roleId }],
  } as unknown as CurrentUserAttributes;
  return userDocOf(attributes);
}

const mail = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  to: `person${id}@example.test`,
  subject: `Your Super Search export ${id}`,
  text_body: `Your export is ready: https://cw.example/api/p/exports/tok${id}.\nThe link works for 7 days.`,
  status: 'sent',
  attempts: 1,
  last_error: null,
  'inserted-at': '2026-05-01T10:00:00Z',
  'sent-at': '2026-05-01T10:00:05Z',
  ...extra,
});

function serve(roleId: number, opts: { operator?: boolean; total?: number } = {}) {
  return stubFetch((req) => {
    if (req.url.pathname === '/api/user') return { body: userDoc(roleId, opts.operator) };
    if (req.url.pathname === '/api/mail_outbox') {
      const page = Number(req.url.searchParams.get('page[page]') ?? 1);
      const rows =
        page === 1
          ? [mail(3, { status: 'kept', 'sent-at': null }), mail(2, { status: 'failed', last_error: '550 Mailbox unavailable', 'sent-at': null }), mail(1)]
          : [mail(100 + page)];
      return { body: listDocument('mail', rows, page, 10, opts.total ?? rows.length) };
    }
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: req.url.pathname }] } };
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/settings']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(wrap(<SettingsPage />));
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('settings: e-mail outbox', () => {
  it('lists the messages for an admin and opens one with its links clickable', async () => {
    serve(1);
    renderPage();
    const row = await screen.findByRole('row', { name: 'Open e-mail Your Super Search export 2' });
    expect(within(row).getByText('person2@example.test')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Kept')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    // On a phone the row is a card led by its subject, the other cells labelled facts.
    expect(within(row).getByText('Your Super Search export 2').closest('td')!.hasAttribute('data-primary')).toBe(true);
    expect(within(row).getByText('person2@example.test').closest('td')!.getAttribute('data-label')).toBe('To');
    expect(within(row).getByText('Failed').closest('td')!.getAttribute('data-label')).toBe('Status');

    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('550 Mailbox unavailable')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'https://cw.example/api/p/exports/tok2' });
    expect(link.getAttribute('href')).toBe('https://cw.example/api/p/exports/tok2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByTestId('mail-body').textContent).toContain('The link works for 7 days.');
  });

  it('pages through a long outbox', async () => {
    const calls = serve(1, { total: 25 });
    renderPage();
    await screen.findByRole('row', { name: 'Open e-mail Your Super Search export 1' });
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('row', { name: 'Open e-mail Your Super Search export 102' })).toBeTruthy();
    const pages = calls.filter((c) => c.url.pathname === '/api/mail_outbox').map((c) => c.url.searchParams.get('page[page]'));
    expect(pages).toEqual(['1', '2']);
  });

  it('is hidden from members, and shown to the platform operator', async () => {
    const calls = serve(2);
    const view = renderPage();
    await screen.findByText('Account');
    expect(screen.queryByText('E-mail outbox')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/mail_outbox')).toBe(false);
    view.unmount();

    serve(2, { operator: true });
    renderPage();
    expect(await screen.findByText('E-mail outbox')).toBeTruthy();
    expect(await screen.findByRole('row', { name: 'Open e-mail Your Super Search export 1' })).toBeTruthy();
  });

  it('says so when there is no e-mail yet', async () => {
    stubFetch((req) => (req.url.pathname === '/api/user' ? { body: userDoc(1) } : { body: listDocument('mail', [], 1, 10) }));
    renderPage();
    expect(await screen.findByText('No e-mail yet')).toBeTruthy();
  });
});

describe('LinkedText', () => {
  it('links http(s) URLs and leaves the surrounding prose, trailing punctuation included', () => {
    render(
      <MantineProvider env="test">
        <p data-testid="t">
          <LinkedText text="Get it at https://a.example/x?y=1. Or (http://b.example/z), not ftp://c.example" />
        </p>
      </MantineProvider>,
    );
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://a.example/x?y=1', 'http://b.example/z']);
    expect(screen.getByTestId('t').textContent).toBe('Get it at https://a.example/x?y=1. Or (http://b.example/z), not ftp://c.example');
  });
});
