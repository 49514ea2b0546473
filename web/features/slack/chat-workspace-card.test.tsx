import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import type { CurrentUserAttributes } from '../../lib/session';
import { stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { ChatWorkspaceCard } from '../settings/components/chat-workspace-card';
import { slackBrowser, type SlackInstallation } from './api/slack';
import { userDocOf } from '../../testing/user-doc';

function userDoc(slack = true) {
  const attributes = {
    name: 'Ada Admin',
    email: 'ada@nebula.test',
    avatar: null,
    'role-id': 1,
    organization: { id: '7', name: 'Nebula Games', plan: 'pro', permissions: { slack }, capabilities: {}, slack_enabled: false },
    organizations: [{ id: '7', name: 'Nebula Games', 'role-id': 1 }],
  } as unknown as CurrentUserAttributes;
  return userDocOf(attributes);
}

const installation = (over: Partial<SlackInstallation> = {}) => ({
  data: {
    type: 'slack_installation',
    id: '7',
    attributes: {
      configured: true,
      installed: false,
      team_name: null,
      installed_at: null,
      revoked_at: null,
      revoked_reason: null,
      channels_synced_at: null,
      channel_count: 0,
      ...over,
    },
  },
});

function serve(state: ReturnType<typeof installation>, handler: (req: StubRequest) => StubResponse | undefined = () => undefined, plan = true) {
  return stubFetch((req) => {
    const answer = handler(req);
    if (answer) return answer;
    if (req.url.pathname === '/api/user') return { body: userDoc(plan) };
    if (req.method === 'GET' && req.url.pathname === '/api/slack/installation') return { body: state };
    return {
      status: 404,
      body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${req.url.pathname}` }] },
    };
  });
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/settings']}>
          <ChatWorkspaceCard />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat workspace card', () => {
  it('says what the server needs when it has no Slack app, with the button disabled', async () => {
    serve(installation({ configured: false }));
    renderCard();
    expect(await screen.findByText(MSG.slack.notConfigured)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Slack' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"Add to Slack" asks for a fresh link and leaves for Slack', async () => {
    const open = vi.spyOn(slackBrowser, 'open').mockImplementation(() => undefined);
    const calls = serve(installation(), (req) =>
      req.url.pathname === '/api/slack/install'
        ? { body: { data: { type: 'slack_install', id: '7', attributes: { url: 'https://slack.test/oauth/v2/authorize?state=abc' } } } }
        : undefined,
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Slack' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://slack.test/oauth/v2/authorize?state=abc'));
    expect(calls.some((c) => c.url.pathname === '/api/slack/install')).toBe(true);
  });

  it('shows the workspace and its channels, refreshes them and disconnects after asking', async () => {
    let state = installation({
      installed: true,
      team_name: 'Nebula HQ',
      channel_count: 12,
      channels_synced_at: '2026-05-01T10:00:00Z',
      installed_at: '2026-05-01T10:00:00Z',
    });
    const calls = serve(state, (req) => {
      if (req.method === 'POST' && req.url.pathname === '/api/slack/channels/refresh') return { body: { data: [], meta: { total: 14 } } };
      if (req.method === 'DELETE' && req.url.pathname === '/api/slack/installation') {
        state = installation({ installed: false, revoked_at: '2026-05-02T10:00:00Z', revoked_reason: 'disconnected' });
        return { status: 204 };
      }
      if (req.method === 'GET' && req.url.pathname === '/api/slack/installation') return { body: state };
      return undefined;
    });
    renderCard();
    expect(await screen.findByText('Nebula HQ')).toBeTruthy();
    expect(screen.getByText(/12 channels available to alerts/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh channels' }));
    expect(await screen.findByText(MSG.slack.refreshed(14))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Slack' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(MSG.slack.revoked('May 2, 2026'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reinstall' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/slack/installation']);
  });

  it('a plan without Slack shows the upgrade sentence instead of the install', async () => {
    serve(installation(), undefined, false);
    renderCard();
    expect(await screen.findByText(MSG.billing.upgrade)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Slack' })).toBeNull();
  });
});
