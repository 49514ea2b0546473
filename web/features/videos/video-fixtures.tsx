import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';
import { SavedVideosPage } from './routes/saved-videos-page';
import { YoutubeFeedPage } from './routes/youtube-feed-page';

/** Fixtures and a render helper shared by the YouTube feed and saved videos tests. */
export const PROJECT_ID = '3';
export const FEED_ID = '5';

export function userDoc(opts: { permissions?: Record<string, boolean | number>; capabilities?: Record<string, boolean> } = {}) {
  return signedInUserDoc({
    defaultProjectId: PROJECT_ID,
    organization: {
      slack_enabled: false,
      permissions: opts.permissions ?? { youtube_feed: true, slack: true, discord: true },
      capabilities: opts.capabilities ?? {},
    },
  });
}

export function projectsDoc(feedId: string | null) {
  return listDocument(
    'project',
    [
      {
        id: PROJECT_ID,
        name: 'Starfall',
        avatar: null,
        locked: false,
        client_id: 1,
        client: { id: 1, name: 'Nebula' },
        'alert-id': null,
        'youtube-search-id': feedId,
        'twitch-search-id': null,
        'steam-app-ids': [],
      },
    ],
    1,
    500,
  );
}

export function feedInfoDoc(over: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'youtube_feed',
      id: FEED_ID,
      attributes: {
        keyword: 'starfall',
        project_id: PROJECT_ID,
        latestPull: new Date(Date.now() - 3 * 3600_000).toISOString(),
        is_enabled: true,
        slack_webhook_url: null,
        slack_min_subs_notification: null,
        discord_webhook_url: 'https://discord.com/api/webhooks/1/abc',
        discord_min_subs_notification: 1000,
        state: 'ok',
        last_error: null,
        next_check_at: null,
        total_videos: 3,
        'inserted-at': '2024-03-01T00:00:00Z',
        'updated-at': '2024-03-01T00:00:00Z',
        ...over,
      },
    },
  };
}

export function feedVideo(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    title: `Starfall gameplay part ${id}`,
    thumbnail: null,
    published_at: '2024-03-05T10:00:00Z',
    youtube_video_id: `vid${String(id).padStart(8, '0')}`,
    description: 'First line\nSecond line',
    views: 12_300 * id,
    language: 'en',
    channel: {
      id: `UC${id}`,
      title: `Channel ${id}`,
      thumbnail: null,
      custom_url: null,
      country: 'US',
      language: 'en',
      subscribers: id === 2 ? null : 1_500_000,
    },
    found_via: 'search',
    saved: false,
    ...over,
  };
}

export function savedVideo(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    title: `Saved Starfall video ${id}`,
    description: 'A description',
    views: 4200,
    thumbnail: null,
    published_at: '2024-03-05T10:00:00Z',
    youtube_video_id: `sav${String(id).padStart(8, '0')}`,
    channel_title: `Channel ${id}`,
    channel_thumbnail: null,
    channel_custom_url: null,
    channel_subscribers: 90_000,
    channel_language: 'en',
    channel_country: 'US',
    tag_id: '21',
    tag: 'Reviews',
    project_id: PROJECT_ID,
    'inserted-at': '2024-03-06T00:00:00Z',
    'updated-at': '2024-03-06T00:00:00Z',
    ...over,
  };
}

export const TAGS = listDocument(
  'tag',
  [
    { id: 21, name: 'Reviews', project_id: PROJECT_ID, locked: false, 'has-highlight': false, 'highlight-date': null },
    { id: 22, name: 'Trailers', project_id: PROJECT_ID, locked: false, 'has-highlight': false, 'highlight-date': null },
  ],
  1,
  500,
);

export type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** GET user, projects, tags, languages and availability; then `handler`; anything else answers 404. */
export function serve(opts: { user?: ReturnType<typeof userDoc>; feedId?: () => string | null; handler?: Handler }) {
  return stubFetch(async (req) => {
    const answer = await opts.handler?.(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/user') return { body: opts.user ?? userDoc() };
    if (req.method === 'GET' && path === '/api/projects') return { body: projectsDoc(opts.feedId ? opts.feedId() : FEED_ID) };
    if (req.method === 'GET' && path === '/api/tags') return { body: TAGS };
    if (req.method === 'GET' && path === '/api/languages')
      return {
        body: listDocument(
          'language',
          [
            { id: 'en', code: 'en', name: 'English' },
            { id: 'es', code: 'es', name: 'Spanish' },
          ],
          1,
          150,
        ),
      };
    if (req.method === 'GET' && path === '/api/youtube_feed/availability')
      return { body: { data: { type: 'availability', id: 'youtube', attributes: { available: true, reason: null, searches_left_today: 90 } } } };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

export function renderVideosRoute(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/youtube-feed/:projectId" element={<YoutubeFeedPage />} />
            <Route path="/videos/:projectId" element={<SavedVideosPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Requests to `path` of `method`. */
export const callsTo = (calls: StubRequest[], path: string, method = 'GET') => calls.filter((c) => c.url.pathname === path && c.method === method);
