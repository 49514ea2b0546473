import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { ArticlesFeedPage } from '../../app/routes/articles-feed-page';
import { signedInUserDoc } from '../../testing/user-doc';

/** Fixtures and a render helper shared by the articles feed and alert form tests. */
export const PROJECT_ID = '3';
export const ALERT_ID = '11';

export interface OrgOptions {
  permissions?: Record<string, boolean | number>;
  capabilities?: Record<string, boolean>;
  slackEnabled?: boolean;
  defaultProjectId?: string;
  roleId?: number;
}

export function userDoc(opts: OrgOptions = {}) {
  return signedInUserDoc({
    defaultProjectId: opts.defaultProjectId ?? PROJECT_ID,
    organization: {
      slack_enabled: opts.slackEnabled ?? false,
      permissions: opts.permissions ?? { slack: true, discord: true, similarweb: false },
      capabilities: opts.capabilities ?? {},
    },
    roleId: opts.roleId,
  });
}

export function projectsDoc(alertId: string | null) {
  return listDocument(
    'project',
    [{ id: PROJECT_ID, name: 'Starfall', avatar: null, locked: false, client_id: 1, client: { id: 1, name: 'Nebula' }, 'alert-id': alertId }],
    1,
    500,
  );
}

export function alertDoc(over: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'alert',
      id: ALERT_ID,
      attributes: {
        project_id: PROJECT_ID,
        name: 'Starfall',
        keywords: '+"starfall" -"giveaway"',
        min_reach: 0.1,
        slack_tracking: false,
        slack_channel_id: null,
        slack_channel_name: null,
        slack_webhook_url: null,
        discord_webhook_url: null,
        last_run_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        total_articles: 3,
        inserted_at: '2024-03-01T00:00:00Z',
        updated_at: '2024-03-01T00:00:00Z',
        ...over,
      },
    },
  };
}

export function feedArticle(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    title: `Starfall review number ${id}`,
    url: `https://www.gamespot.com/reviews/starfall-${id}`,
    fullUrl: `https://www.gamespot.com/reviews/starfall-${id}`,
    description: 'A review',
    language: 'en',
    reach: 7.4,
    pub_date: '2024-03-05T10:00:00Z',
    website_id: 1,
    media: 'gamespot.com',
    'website-visits': null,
    muv: 5_300_000,
    is_metacritic: true,
    author: null,
    image: null,
    source: 0,
    matched_at: '2024-03-05T10:05:00Z',
    matched_by: 'feed',
    saved: false,
    ...over,
  };
}

export const TAGS = listDocument(
  'tag',
  [{ id: 21, name: 'Reviews', project_id: PROJECT_ID, locked: false, 'has-highlight': false, 'highlight-date': null }],
  1,
  500,
);

export type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** GET user and GET projects from the arguments, then `handler`; anything unexpected answers 404. */
export function serve(opts: { user?: ReturnType<typeof userDoc>; alertId?: () => string | null; handler?: Handler }) {
  return stubFetch(async (req) => {
    const answer = await opts.handler?.(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/user') return { body: opts.user ?? userDoc() };
    const alertId = opts.alertId ? opts.alertId() : ALERT_ID;
    if (req.method === 'GET' && path === '/api/projects') return { body: projectsDoc(alertId) };
    // The project's alerts (the feed header's alert area): its one alert, if it has it.
    if (req.method === 'GET' && path === '/api/alerts') {
      const rows = alertId ? [{ id: alertId, ...alertDoc().data.attributes }] : [];
      return { body: listDocument('alert', rows, 1, 100) };
    }
    if (req.method === 'GET' && path === '/api/tags') return { body: TAGS };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

export function renderFeedPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/articles-feed/${PROJECT_ID}${search}`]}>
          <Routes>
            <Route path="/articles-feed/:projectId" element={<ArticlesFeedPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The last request to `path` (optionally of a method). */
export function lastCall(calls: StubRequest[], path: string, method = 'GET') {
  const found = calls.filter((c) => c.url.pathname === path && c.method === method);
  return found[found.length - 1];
}
