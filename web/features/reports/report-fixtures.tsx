import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import type { ReportArticle, ReportDetailAttributes, ReportPreview, ReportScreenshot, ReportStream, ReportVideo } from './api/types';
import { signedInUserDoc } from '../../testing/user-doc';

export const PROJECT = '5';

export function userDoc(permissions: Record<string, unknown> = { screenshot: true, max_screenshots: 20, reports: true }) {
  return signedInUserDoc({ defaultProjectId: PROJECT, organization: { permissions } });
}

export function article(id: number, over: Partial<ReportArticle> = {}): ReportArticle {
  return {
    id: String(id),
    title: `Nebula Quest review ${id}`,
    url: `https://www.gamespot.com/reviews/nebula-${id}`,
    fullUrl: `https://www.gamespot.com/reviews/nebula-${id}`,
    language: 'en',
    reach: 10 - id / 10,
    date: '2024-03-05T10:00:00.000Z',
    tag_name: 'Reviews',
    media: 'gamespot.com',
    'website-visits': null,
    muv: null,
    ...over,
  };
}

/** A `GET articles` page of these saved articles. */
export function articlesDoc(ids: number[]) {
  return listDocument(
    'article',
    ids.map((i) => ({ ...article(i) })),
    1,
    10000,
  );
}

/** A saved video as `GET saved_videos` and `GET reports/{id}/videos` answer it. */
export function savedVideo(id: number, over: Partial<ReportVideo> = {}): ReportVideo & Record<string, unknown> {
  return {
    id: String(id),
    title: `Nebula Quest gameplay ${id}`,
    description: '',
    views: 1200 * id,
    thumbnail: `https://i.ytimg.com/vi/nebulavid0${id}/mqdefault.jpg`,
    published_at: '2024-03-02T10:00:00.000Z',
    youtube_video_id: `nebulavid0${id}`,
    channel_title: 'Nebula Plays',
    channel_thumbnail: null,
    channel_custom_url: null,
    channel_subscribers: 45_600,
    channel_language: 'en',
    channel_country: 'US',
    tag_id: '3',
    tag: 'Reviews',
    project_id: PROJECT,
    'inserted-at': '2024-03-02T11:00:00.000Z',
    'updated-at': '2024-03-02T11:00:00.000Z',
    ...over,
  };
}

/** A saved stream as `GET saved_streams` and `GET reports/{id}/streams` answer it. */
export function savedStream(id: number, over: Partial<ReportStream> = {}): ReportStream & Record<string, unknown> {
  return {
    id: String(id),
    title: `Nebula Quest launch stream ${id}`,
    description: '',
    followers: 8_900,
    view_count: 640,
    published_at: '2024-03-03T18:00:00.000Z',
    language: 'en',
    tag: 'Reviews',
    tag_id: '3',
    broadcaster_name: 'nebulacaster',
    thumbnail_url: 'https://static-cdn.jtvnw.net/cf_vods/nebula/thumb-%{width}x%{height}.jpg',
    twitch_video_id: String(7_000_000 + id),
    url: `https://www.twitch.tv/videos/${7_000_000 + id}`,
    project_id: PROJECT,
    'inserted-at': '2024-03-03T20:00:00.000Z',
    'updated-at': '2024-03-03T20:00:00.000Z',
    // Sampled live: 2 h 30 min at 1,234 viewers on average, 2,345 at the peak.
    peak_viewers: 2_345,
    average_viewers: 1_234,
    hours_watched: 3_085,
    airtime: 9_000,
    ended_at: '2024-03-03T20:30:00.000Z',
    ...over,
  };
}

export function preview(count: number): ReportPreview {
  return {
    count,
    totals: {
      articles: count,
      reach: count * 7.5,
      average_score: 7.5,
      umv: 0,
      estimated_views: 0,
      unknown_visitors: count,
      visitor_sources: { similarweb: 0, estimate: 0, manual: 0 },
      media: Math.min(count, 4),
    },
    stats: {
      trend: [
        { date: '2024-03-04', articles: 1, reach: 7 },
        { date: '2024-03-05', articles: Math.max(0, count - 1), reach: 8 },
      ],
      languages: [{ language: 'en', articles: count }],
      tags: [{ tag_id: '3', tag_name: 'Reviews', articles: count }],
    },
    languages_available: [
      { language: 'en', articles: count },
      { language: 'de', articles: 2 },
    ],
    tags_available: [{ tag_id: '3', tag_name: 'Reviews', articles: count }],
  };
}

export function card(id: number, reach: number): ReportScreenshot {
  return {
    article_id: String(id),
    article_url: `https://news.example/${id}`,
    title: `Story ${id}`,
    media: 'news.example',
    reach,
    date: '2024-03-05T00:00:00.000Z',
    image_url: null,
    source: 'placeholder',
    status: 'ready',
  };
}

export function reportDoc(over: Partial<ReportDetailAttributes> = {}) {
  const p = preview(3);
  const attributes: ReportDetailAttributes = {
    name: 'March coverage',
    project_id: PROJECT,
    status: 0,
    date_start: '2024-03-01',
    date_end: '2024-03-04',
    tags_id: [],
    tags_not: [],
    languages: [],
    languages_not: [],
    table_type: 0,
    table_template: '{{title}} | {{score}}',
    show_creators: true,
    show_steam: true,
    'total-articles': 3,
    'total-reach': 22.5,
    'total-estimated-views': 0,
    'reports-images': 0,
    'reports-videos': 0,
    'reports-streams': 0,
    'inserted-at': '2024-03-05T00:00:00.000Z',
    'updated-at': '2024-03-05T00:00:00.000Z',
    descriptionHTML: '<p>Launch week <strong>went well</strong>.</p>',
    section1_title: 'Press',
    section1_subtitle: 'Every article',
    section2_title: '',
    section2_subtitle: '',
    videos: [],
    saved_streams: [],
    project: { id: PROJECT, name: 'Nebula Quest', avatar: null },
    image: null,
    screenshots: [],
    totals: p.totals,
    stats: p.stats,
    ...over,
  };
  return { data: { type: 'report', id: 'AbCdEfGhIjKlMnOpQrStUv', attributes } };
}

type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** user, projects and tags from memory; anything else from `handler`; unknown calls answer 404. */
export function serve(handler: Handler = () => undefined, permissions?: Record<string, unknown>) {
  return stubFetch(async (req) => {
    const answer = await handler(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (path === '/api/user') return { body: userDoc(permissions) };
    if (path === '/api/projects')
      return { body: listDocument('project', [{ id: PROJECT, name: 'Nebula Quest', locked: false, avatar: null, 'alert-id': null }], 1, 500) };
    if (path === '/api/tags')
      return {
        body: listDocument(
          'tag',
          [
            { id: 3, name: 'Reviews', project_id: PROJECT, locked: false },
            { id: 4, name: 'Interviews', project_id: PROJECT, locked: false },
          ],
          1,
          500,
        ),
      };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

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

export function renderPlain(ui: ReactElement) {
  return renderAt(ui, '*', '/');
}
