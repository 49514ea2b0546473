import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { WebsiteDetailPage } from './routes/website-detail-page';
import { WebsitesPage } from './routes/websites-page';

/** Fixtures and a render helper shared by the websites tests. */

export const website = (over: Record<string, unknown> = {}) => ({
  id: '5',
  domain: 'polygon.example',
  name: 'Polygon',
  avatar: null,
  reach: 7.2,
  'reach-manual': false,
  reach_source: 'ranking',
  reach_set_by: null,
  reach_set_at: null,
  reach_basis: 'Tranco rank 1,600 on 2026-11-20 → 7.2',
  muv: 12_500_000,
  muv_source: 'similarweb',
  rank: 1600,
  rank_list_date: '2026-11-20',
  traffic_state: 'ok',
  traffic_error: null,
  traffic_checked_at: '2026-11-21T08:00:00Z',
  traffic_connected: true,
  estimated_views_per_article: 12_500,
  language: 'en',
  'mediatype-id': null,
  'mediatype-name': 'Gaming site',
  is_metacritic: true,
  is_ea: false,
  'articles-count': 1234,
  'feeds-count': 2,
  'feeds-failing': 1,
  'feeds-disabled': 0,
  geography: [],
  categories: [],
  fullUrl: 'https://polygon.example',
  'inserted-at': '2024-03-05T10:00:00Z',
  'updated-at': '2024-03-05T10:00:00Z',
  country: 'US',
  category: 'games',
  pack_id: 'games-en',
  in_directory: true,
  health: 'ok',
  ...over,
});

export const feed = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  feed: `https://polygon.example/${id}.xml`,
  type: 0,
  disabled: false,
  website_id: '5',
  language: 'en',
  title: null,
  status: 'ok',
  'last-count': 20,
  'articles-added': 15,
  'last-success-at': '2024-03-05T10:00:00Z',
  'last-error': null,
  'last-error-at': null,
  'error-count': 0,
  'next-check-at': '2099-01-01T00:00:00Z',
  'last-checked-at': '2024-03-05T10:00:00Z',
  'websub-state': 'none',
  websub_available: false,
  'inserted-at': '2024-03-01T10:00:00Z',
  health: 'ok',
  health_detail: null,
  'health-since': null,
  origin: 'directory',
  ...over,
});

const languages = listDocument(
  'language',
  [
    { id: 'en', code: 'en', name: 'English' },
    { id: 'de', code: 'de', name: 'German' },
  ],
  1,
  150,
);

export type Handler = (req: StubRequest) => StubResponse | undefined;

export function serve(handler: Handler) {
  return stubFetch((req) => {
    const answer = handler(req);
    if (answer) return answer;
    if (req.url.pathname === '/api/languages') return { body: languages };
    if (req.url.pathname === '/api/mediatypes') return { body: listDocument('mediatype', [{ id: '1', name: 'News' }], 1, 150) };
    return {
      status: 404,
      body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${req.url.pathname}` }] },
    };
  });
}

export function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(
    wrap(
      <Routes>
        <Route path="/websites" element={<WebsitesPage />} />
        <Route path="/websites/:websiteUrl" element={<WebsiteDetailPage />} />
      </Routes>,
    ),
  );
}
