import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { OverviewPage } from '../../app/routes/overview-page';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';
import { coverageAttrs, coverageDocument, steamAttrs, steamDocument } from './steam-fixtures';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const project = (steam: number[]) => ({
  id: '3',
  name: 'Starfall',
  avatar: null,
  locked: false,
  client_id: '1',
  client: { id: '1', name: 'Nebula' },
  'alert-id': '11',
  'youtube-search-id': '41',
  'twitch-search-id': '42',
  'steam-app-ids': steam,
  'total-articles': 0,
  'total-reports': 0,
  'inserted-at': null,
  'updated-at': null,
});

function serve(steam: number[]) {
  return stubFetch((req: StubRequest) => {
    const path = req.url.pathname;
    if (path === '/api/user') return { body: signedInUserDoc({ defaultProjectId: '3' }) };
    if (path === '/api/projects') return { body: listDocument('project', [project(steam)], 1, 500) };
    if (path === '/api/projects/3/coverage') return { body: coverageDocument(coverageAttrs()) };
    if (path === '/api/projects/3/steam') return { body: steamDocument(steamAttrs()) };
    if (path === '/api/clients') return { body: listDocument('client', [{ id: '1', name: 'Nebula', locked: false }], 1, 500) };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

function renderOverview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/overview/3']}>
          <Routes>
            <Route path="/overview/:projectId" element={<OverviewPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the project overview', () => {
  it('shows the coverage document’s totals as links to the lists, the chart with the announcements, and Steam under it', async () => {
    const calls = serve([620]);
    renderOverview();
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    const totals = await screen.findByTestId('coverage-totals');
    expect(screen.getByText('Starfall: its coverage and its games on Steam, day by day.')).toBeTruthy();
    const links = within(totals).getAllByRole('link');
    expect(links.map((a) => [a.textContent!.match(/^[A-Za-z]+/)![0], a.getAttribute('href')])).toEqual([
      ['Articles', '/articles-feed/3'],
      ['Videos', '/youtube-feed/3'],
      ['Streams', '/twitch-feed/3'],
    ]);
    expect(screen.getByTestId('total-articles').textContent).toBe('1,209');
    expect(screen.getByText('Press 1,203 · GDELT 6')).toBeTruthy();
    expect(screen.getByTestId('total-videos').textContent).toBe('6');
    expect(screen.getByTestId('total-streams').textContent).toBe('3');
    // The chart's days, the period asked for, and the Steam panel under it.
    const coverage = calls.find((c) => c.url.pathname === '/api/projects/3/coverage')!;
    expect(coverage.url.searchParams.get('filter[from]')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByTestId('steam-review-totals')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /one Steam announcement flagged$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Patch 1.1 is out/ })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Coverage over time', 'Steam reviews', 'Steam announcements']);
    expect(screen.queryByTestId('follow-steam')).toBeNull();
  });

  it('offers to follow a game on Steam when the project follows none, in the project’s settings', async () => {
    const calls = serve([]);
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'Follow your game on Steam' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/projects/3/steam')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add Steam games' }));
    expect(await screen.findByRole('dialog', { name: 'Edit project' })).toBeTruthy();
    expect(screen.getByLabelText('Steam games')).toBeTruthy();
  });
});
