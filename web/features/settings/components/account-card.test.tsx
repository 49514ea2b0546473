import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { tokenStore } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { listDocument, stubFetch, type StubRequest } from '../../../testing/fetch-stub';
import { signedInUserDoc } from '../../../testing/user-doc';
import { AccountCard } from './account-card';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const TIERS = listDocument(
  'tier',
  ['Admin', 'User', 'Free', 'Starter', 'Pro', 'Agency'].map((name, i) => ({ id: i + 1, name })),
  1,
  6,
);

function userDoc(openProjectsFirst: boolean) {
  const doc = signedInUserDoc({ defaultProjectId: '3' });
  return {
    ...doc,
    data: { ...doc.data, attributes: { ...doc.data.attributes, open_projects_first: openProjectsFirst } },
    meta: { ...doc.meta, analysis_url: null },
  };
}

/** GET user and tiers; PATCH user answers `patch` (the saved user, or an error). */
function serve(opts: { initial: boolean; patch?: (req: StubRequest) => { status?: number; body: unknown } }) {
  return stubFetch((req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/user') return { body: userDoc(opts.initial) };
    if (req.method === 'GET' && path === '/api/tiers') return { body: TIERS };
    if (req.method === 'PATCH' && path === '/api/user/1' && opts.patch) return opts.patch(req);
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

/** The card as the settings page shows it: fed by the cached user. */
function CardOfCurrentUser() {
  const user = useCurrentUser().data;
  return user ? <AccountCard user={user} /> : null;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <CardOfCurrentUser />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const projectsFirst = () => screen.findByRole('switch', { name: /Open the projects page first/ }) as Promise<HTMLInputElement>;

describe('account card', () => {
  it('turns on "Open the projects page first" through PATCH user and follows the saved user', async () => {
    const calls = serve({
      initial: false,
      patch: (req) => ({ body: userDoc((req.body as { data: { attributes: { open_projects_first: boolean } } }).data.attributes.open_projects_first) }),
    });
    renderCard();
    const toggle = await projectsFirst();
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText(MSG.workspace.projectsFirstOn)).toBeTruthy();
    await waitFor(async () => expect((await projectsFirst()).checked).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ data: { type: 'user', id: '1', attributes: { open_projects_first: true } } });
  });

  it('turns it off, and goes back to the saved value when the server refuses', async () => {
    serve({ initial: true, patch: () => ({ status: 500, body: { errors: [{ status: '500', code: 'internal', title: 'Error', detail: 'boom' }] } }) });
    renderCard();
    const toggle = await projectsFirst();
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    // The server's own explanation is what the toast says.
    expect(await screen.findByText('boom')).toBeTruthy();
    await waitFor(async () => expect((await projectsFirst()).checked).toBe(true));
  });

  it('shows the user’s tier by its name from GET tiers', async () => {
    serve({ initial: false });
    renderCard();
    expect(await screen.findByText('Pro tier')).toBeTruthy();
  });
});
