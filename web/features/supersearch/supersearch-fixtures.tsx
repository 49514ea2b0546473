import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SupersearchResultsMeta } from '../../../common/schemas/supersearch';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { SupersearchPage } from './routes/supersearch-page';
import { signedInUserDoc } from '../../testing/user-doc';
import { PLAN_NAMES } from '../../../common/plans';

/** Fixtures and a render helper of the Super Search tests. */
export const PROJECT_ID = '3';
export const ORG_ID = '7';

export interface UserOptions {
  /** The plan's id (competitor comparison follows it, not the display name). */
  plan?: keyof typeof PLAN_NAMES;
  maxData?: number;
  operator?: boolean;
  email?: string;
}

export function userDoc(opts: UserOptions = {}) {
  return signedInUserDoc({
    defaultProjectId: PROJECT_ID,
    email: opts.email,
    organization: {
      id: ORG_ID,
      plan: opts.plan ?? 'pro',
      'plan-name': PLAN_NAMES[opts.plan ?? 'pro'],
      permissions: { data: true, max_data: opts.maxData ?? 6 },
      capabilities: { platform_operator: opts.operator ?? false },
    },
  });
}

export const PROJECTS = listDocument(
  'project',
  [
    { id: PROJECT_ID, name: 'Starfall Launch', avatar: null, locked: false, client_id: 1, client: { id: 1, name: 'Nebula' }, 'alert-id': null },
    { id: '4', name: 'Nebula Esports', avatar: null, locked: false, client_id: 1, client: { id: 1, name: 'Nebula' }, 'alert-id': null },
  ],
  1,
  500,
);

export const TAGS = listDocument(
  'tag',
  [{ id: 21, name: 'Reviews', project_id: PROJECT_ID, locked: false, 'has-highlight': false, 'highlight-date': null }],
  1,
  500,
);

export function article(n: number, over: Record<string, unknown> = {}) {
  return {
    type: 'supersearch_article',
    id: String(n),
    attributes: {
      url: `https://ign.com/starfall-${n}`,
      full_url: `https://ign.com/starfall-${n}?ref=feed`,
      title: `Starfall review number ${n}`,
      description: 'Nebula Games delivers a space opera',
      score: 8.2,
      language: 'en',
      pub_date: '2024-03-05T10:00:00Z',
      media: 'ign.com',
      website_id: 1,
      image: null,
      ...over,
    },
  };
}

/** A page of results; `next` is the cursor of the next page (null on the last one). */
export function resultsDoc(ids: number[], total: number, next: string | null, pageSize = 25) {
  const meta: SupersearchResultsMeta = {
    total,
    page: 1,
    lastPage: Math.max(1, Math.ceil(total / pageSize)),
    counting: false,
    nextPage: next,
    page_size: pageSize,
    next_search_after: next,
  };
  return { data: ids.map((n) => article(n)), meta };
}

/** A first page sent before its total was counted (the server's `counting`). */
export function countingResultsDoc(ids: number[], next: string | null, pageSize = 25) {
  const meta: SupersearchResultsMeta = { total: null, page: 1, lastPage: null, counting: true, nextPage: next, page_size: pageSize, next_search_after: next };
  return { data: ids.map((n) => article(n)), meta };
}

export function volumeDoc(points: [string, number][], competitorIndex: number | null = null, interval = 'day') {
  return {
    data: points.map(([inserted_at, articles]) => ({ inserted_at, articles })),
    meta: { interval, total: points.reduce((n, p) => n + p[1], 0), competitorIndex },
  };
}

export type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** GET user, projects, tags and languages, a default volume, then `handler`; anything else answers 404. */
export function serve(opts: { user?: ReturnType<typeof userDoc>; handler?: Handler } = {}) {
  return stubFetch(async (req) => {
    const answer = await opts.handler?.(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/user') return { body: opts.user ?? userDoc() };
    if (req.method === 'GET' && path === '/api/projects') return { body: PROJECTS };
    if (req.method === 'GET' && path === '/api/tags') return { body: TAGS };
    if (req.method === 'GET' && path === '/api/languages')
      return {
        body: listDocument(
          'language',
          [
            { id: 'en', code: 'en', name: 'English' },
            { id: 'de', code: 'de', name: 'German' },
          ],
          1,
          150,
        ),
      };
    if (req.method === 'POST' && path === '/api/supersearch/volume') {
      const index = (req.body as { competitorIndex?: number }).competitorIndex ?? null;
      return {
        body: volumeDoc(
          [
            ['2024-03-04', 3],
            ['2024-03-05', index ? index : 5],
          ],
          index,
        ),
      };
    }
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

/** Renders the screen at `/supersearch/{PROJECT_ID}`, with `query` (e.g. `?search=…`) when given. */
export function renderPage(query = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/supersearch/${PROJECT_ID}${query}`]}>
          <Routes>
            <Route path="/supersearch/:projectId" element={<SupersearchPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Requests to `path` with `method`. */
export const callsTo = (calls: StubRequest[], path: string, method = 'POST') => calls.filter((c) => c.url.pathname === path && c.method === method);
