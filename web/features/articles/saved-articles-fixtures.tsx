import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { userDoc } from './feed-fixtures';

/** Fixtures and a render helper shared by the saved articles tests (saved-articles*.test.tsx). */

export const PROJECT = '5';
export const TAGS = [
  { id: 3, name: 'Reviews', project_id: PROJECT, locked: false, 'has-highlight': false, 'highlight-date': null },
  { id: 4, name: 'Interviews', project_id: PROJECT, locked: false, 'has-highlight': false, 'highlight-date': null },
];

export function article(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    title: `Nebula Quest review ${id}`,
    url: `https://www.gamespot.com/reviews/nebula-${id}`,
    fullUrl: null,
    description: null,
    image: null,
    language: 'en',
    reach: 7.4,
    date: '2024-03-05T00:00:00.000Z',
    tag_id: 3,
    tag_name: 'Reviews',
    project_id: PROJECT,
    website_id: 1,
    media: 'gamespot.com',
    'website-visits': null,
    muv: 5_300_000,
    is_metacritic: false,
    source: 0,
    locked: false,
    ...over,
  };
}

// A Pro organization with the UMV add-on, not the platform operator.
export const user = userDoc({ permissions: { similarweb: true }, capabilities: { platform_operator: false }, defaultProjectId: PROJECT });

type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** user, projects and tags from memory; anything else from `handler`; unknown calls answer 404. */
export function serve(handler: Handler = () => undefined) {
  return stubFetch(async (req) => {
    const answer = await handler(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (path === '/api/user') return { body: user };
    if (path === '/api/projects')
      return { body: listDocument('project', [{ id: PROJECT, name: 'Nebula Quest', locked: false, avatar: null, 'alert-id': null }], 1, 500) };
    if (path === '/api/tags') return { body: listDocument('tag', TAGS, 1, 500) };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

export function renderUi(ui: ReactElement, path = `/articles/${PROJECT}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/articles/:projectId" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const linkLines = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `https://news.example.com/story-${from + i}`);
