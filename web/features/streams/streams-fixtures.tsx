import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';

/** Fixtures and a render helper shared by the Twitch screens' tests. */
export const PROJECT_ID = '3';
export const FEED_ID = '41';

export function userDoc(opts: { permissions?: Record<string, boolean>; operator?: boolean } = {}) {
  return signedInUserDoc({
    defaultProjectId: PROJECT_ID,
    organization: {
      permissions: opts.permissions ?? { twitch_feed: true, slack: true, discord: true },
      capabilities: { platform_operator: opts.operator ?? false },
    },
  });
}

export function projectsDoc(feedId: string | null) {
  return listDocument('project', [{ id: PROJECT_ID, name: 'Starfall', avatar: null, locked: false, 'alert-id': null, 'twitch-search-id': feedId }], 1, 500);
}

export function feedInfo(over: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'twitch_feed',
      id: FEED_ID,
      attributes: {
        keyword: 'starfall',
        project_id: PROJECT_ID,
        game_id: '509658',
        game_name: 'Just Chatting',
        min_viewers: null,
        latestPull: new Date(Date.now() - 3 * 3600_000).toISOString(),
        is_enabled: true,
        slack_webhook_url: null,
        slack_min_followers_notification: null,
        discord_webhook_url: 'https://discord.com/api/webhooks/1/abc',
        discord_min_followers_notification: 1000,
        state: 'ok',
        last_error: null,
        next_check_at: null,
        total_items: 3,
        'inserted-at': '2024-03-01T00:00:00Z',
        'updated-at': '2024-03-01T00:00:00Z',
        ...over,
      },
    },
  };
}

export function feedItem(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'video',
    twitch_video_id: String(1000 + id),
    twitch_stream_id: null,
    title: `Starfall speedrun part ${id}`,
    description: 'Any% attempts',
    published_at: '2024-03-05T10:00:00Z',
    url: `https://www.twitch.tv/videos/${1000 + id}`,
    thumbnail_url: null,
    view_count: 12_345,
    language: 'en',
    duration: '1h2m3s',
    tags: ['English'],
    live: false,
    channel: { broadcaster_id: '77', broadcaster_name: 'NovaRuns', broadcaster_language: 'en', profile_image_url: null, followers: 45_600 },
    saved: false,
    peak_viewers: 2_400,
    average_viewers: 1_300,
    hours_watched: 2_500.5,
    airtime: 3_723,
    ended_at: '2024-03-05T11:02:03Z',
    ...over,
  };
}

export function savedStream(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    title: `Starfall launch stream ${id}`,
    description: 'Launch day',
    followers: 8_200,
    view_count: 950,
    published_at: '2024-03-04T00:00:00Z',
    language: 'en',
    tag: 'Launch',
    tag_id: '21',
    broadcaster_name: 'NovaRuns',
    thumbnail_url: null,
    twitch_video_id: String(2000 + id),
    url: `https://www.twitch.tv/videos/${2000 + id}`,
    project_id: PROJECT_ID,
    peak_viewers: 640,
    average_viewers: 410,
    hours_watched: 12.25,
    airtime: 1_800,
    ended_at: '2024-03-04T00:30:00Z',
    'inserted-at': '2024-03-05T00:00:00Z',
    'updated-at': '2024-03-05T00:00:00Z',
    ...over,
  };
}

export const TAGS = listDocument(
  'tag',
  [{ id: 21, name: 'Launch', project_id: PROJECT_ID, locked: false, 'has-highlight': false, 'highlight-date': null }],
  1,
  500,
);
export const LANGUAGES = listDocument(
  'language',
  [
    { id: 'en', code: 'en', name: 'English' },
    { id: 'fr', code: 'fr', name: 'French' },
  ],
  1,
  150,
);

export type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

const bulk = (success: number, failed = 0) => ({ data: { type: 'bulk_result', id: 'save', attributes: { success, failed, results: [] } } });
export { bulk };

/** user, projects, tags and languages from memory; then `handler`; anything unexpected answers 404. */
export function serve(opts: { user?: ReturnType<typeof userDoc>; feedId?: string | null; handler?: Handler } = {}) {
  return stubFetch(async (req) => {
    const answer = await opts.handler?.(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/user') return { body: opts.user ?? userDoc() };
    if (req.method === 'GET' && path === '/api/projects') return { body: projectsDoc(opts.feedId === undefined ? FEED_ID : opts.feedId) };
    if (req.method === 'GET' && path === '/api/tags') return { body: TAGS };
    if (req.method === 'GET' && path === '/api/languages') return { body: LANGUAGES };
    if (req.method === 'GET' && path === '/api/twitch_feed/availability')
      return { body: { data: { type: 'availability', id: 'twitch', attributes: { available: true, reason: null, searches_left_today: null } } } };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

/** Renders `ui` at `path` under a route with :projectId. */
export function renderAt(ui: ReactElement, route: string, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const calls = (all: StubRequest[], path: string, method = 'GET') => all.filter((c) => c.url.pathname === path && c.method === method);
