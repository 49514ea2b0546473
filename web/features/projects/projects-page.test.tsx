import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { STEAM_MESSAGES } from '../../../common/schemas/steam';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';
import { alertKey } from '../alerts/api/alerts';
import { ProjectsPage } from './routes/projects-page';

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

const project = (id: string, name: string, alertId: string | null) => ({
  id,
  name,
  avatar: null,
  locked: false,
  client_id: '1',
  client: { id: '1', name: 'Nebula' },
  'alert-id': alertId,
  'youtube-search-id': null,
  'twitch-search-id': null,
  'steam-app-ids': [],
  competitors: [],
  'inserted-at': '2024-03-01T00:00:00Z',
  'updated-at': '2024-03-01T00:00:00Z',
});

const alert = {
  id: '11',
  project_id: '3',
  name: 'Starfall',
  keywords: '+"starfall" -"giveaway"',
  min_reach: 0.1,
  slack_tracking: false,
  slack_channel_id: null,
  slack_channel_name: null,
  slack_webhook_url: null,
  discord_webhook_url: null,
  last_run_at: null,
  total_articles: 1204,
  inserted_at: '2024-03-01T00:00:00Z',
  updated_at: '2024-03-01T00:00:00Z',
};

function serve(alerts: (typeof alert)[] = [alert]) {
  return stubFetch((req: StubRequest) => {
    const path = req.url.pathname;
    if (path === '/api/user') return { body: signedInUserDoc({ defaultProjectId: '3', organization: { permissions: { projects: true, max_projects: 10 } } }) };
    if (path === '/api/projects') return { body: listDocument('project', [project('3', 'Starfall', '11'), project('4', 'Moonrise', null)], 1, 25) };
    if (path === '/api/alerts') return { body: listDocument('alert', alerts, 1, 500) };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>;
}

function renderProjects() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/projects/3']}>
          <Routes>
            <Route path="/projects/:projectId" element={<ProjectsPage />} />
            <Route path="/articles-feed/:projectId" element={<p>Feed page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

const rowOf = (name: string) => screen.getByText(name, { selector: 'p' }).closest('tr')!;

describe('projects table and alerts', () => {
  it('shows each project’s alert query, or that it has none, from the alerts list', async () => {
    const calls = serve();
    const client = renderProjects();
    expect(await screen.findByText('starfall · not: giveaway')).toBeTruthy();
    expect(within(rowOf('Starfall')).getByText('1,204 articles')).toBeTruthy();
    expect(within(rowOf('Moonrise')).getByText('No alert')).toBeTruthy();
    // One whole-list call, and the alert is cached for the feed and form it opens.
    const alertCalls = calls.filter((c) => c.url.pathname === '/api/alerts');
    expect(alertCalls).toHaveLength(1);
    expect(alertCalls[0].url.searchParams.get('page[page_size]')).toBe('500');
    expect(client.getQueryData(alertKey('11'))).toMatchObject({ id: '11', keywords: alert.keywords });
  });

  it('shows the project’s own alert of several, and how many more it has', async () => {
    // A second alert of the project (plans with multiple alerts), listed before its first one.
    const second = { ...alert, id: '12', name: 'Nebula', keywords: '"nebula games"', total_articles: 1, inserted_at: '2024-03-02T00:00:00Z' };
    serve([second, alert]);
    renderProjects();
    expect(await screen.findByText('starfall · not: giveaway')).toBeTruthy();
    expect(within(rowOf('Starfall')).getByText('1,204 articles · 1 more alert')).toBeTruthy();
    expect(screen.queryByText('“nebula games”')).toBeNull();
  });

  it('Edit alert opens the project’s alert form on its feed, to come back here', async () => {
    serve();
    renderProjects();
    await screen.findByText('starfall · not: giveaway');
    fireEvent.click(screen.getByLabelText('Actions for Starfall'));
    expect(await screen.findByRole('menuitem', { name: 'Edit alert' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Create alert' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit alert' }));
    expect(await screen.findByText('Feed page')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/articles-feed/3?alert=edit {"returnTo":"/projects/3"}');
  });

  it('offers Create alert to a project without one', async () => {
    serve();
    renderProjects();
    await screen.findByText('No alert');
    fireEvent.click(screen.getByLabelText('Actions for Moonrise'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create alert' }));
    expect(await screen.findByText('Feed page')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/articles-feed/4?alert=edit {"returnTo":"/projects/3"}');
  });
});

describe('the project’s Steam games', () => {
  function serveEdit(patch: (body: unknown) => { status?: number; body?: unknown }) {
    return stubFetch((req: StubRequest) => {
      const path = req.url.pathname;
      if (path === '/api/user')
        return { body: signedInUserDoc({ defaultProjectId: '3', organization: { permissions: { projects: true, max_projects: 10 } } }) };
      if (path === '/api/projects' && req.method === 'GET') return { body: listDocument('project', [project('3', 'Starfall', '11')], 1, 25) };
      if (path === '/api/alerts') return { body: listDocument('alert', [alert], 1, 500) };
      if (path === '/api/clients') return { body: listDocument('client', [{ id: '1', name: 'Nebula', locked: false }], 1, 500) };
      if (path === '/api/projects/3' && req.method === 'PATCH') return patch(req.body);
      return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
    });
  }

  async function openEdit() {
    renderProjects();
    await screen.findByText('starfall · not: giveaway');
    fireEvent.click(screen.getByLabelText('Actions for Starfall'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    return screen.findByRole('dialog', { name: 'Edit project' });
  }

  it('are saved with the rest of the project in one PATCH, from a pasted store address', async () => {
    const calls = serveEdit(() => ({ body: { data: { type: 'project', id: '3', attributes: project('3', 'Starfall', '11') } } }));
    const dialog = await openEdit();
    const field = within(dialog).getByLabelText('Steam games');
    fireEvent.paste(field, { clipboardData: { getData: () => 'https://store.steampowered.com/app/620/Portal_2/' } });
    fireEvent.change(field, { target: { value: 'not a game' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(within(dialog).getByText(STEAM_MESSAGES.appId)).toBeTruthy();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.filter((c) => c.method === 'PATCH');
    expect(patch).toHaveLength(1);
    expect((patch[0].body as { data: { attributes: Record<string, unknown> } }).data.attributes).toMatchObject({ name: 'Starfall', steam_app_ids: [620] });
  });

  it('show the server’s message under the field', async () => {
    serveEdit(() => ({
      status: 422,
      body: {
        errors: [
          { status: '422', code: 'validation', title: 'Invalid', detail: STEAM_MESSAGES.tooMany, source: { pointer: '/data/attributes/steam_app_ids' } },
        ],
      },
    }));
    const dialog = await openEdit();
    const field = within(dialog).getByLabelText('Steam games');
    fireEvent.change(field, { target: { value: '620' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(STEAM_MESSAGES.tooMany)).toBeTruthy();
  });

  it('leave the PATCH as it was when they did not change', async () => {
    const calls = serveEdit(() => ({ body: { data: { type: 'project', id: '3', attributes: project('3', 'Starfall', '11') } } }));
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')!.body as { data: { attributes: Record<string, unknown> } };
    expect(body.data.attributes).not.toHaveProperty('steam_app_ids');
  });
});
