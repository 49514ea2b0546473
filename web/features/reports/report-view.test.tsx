import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import type { ReportArticle } from './api/types';
import { ArticlesSection } from './components/articles-section';
import { HighlightCards } from './components/highlight-cards';
import { useHighlights } from './components/wizard/use-highlights';
import { PROJECT, article, articlesDoc, card, renderAt, renderPlain, reportDoc, savedStream, savedVideo, serve } from './report-fixtures';
import { ReportView } from './components/report-view';
import { PublicReportPage } from './routes/public-report-page';
import { ReportsPage } from './routes/reports-page';

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
  delete document.body.dataset.reportReady;
});

function HighlightHarness({ articles, planLimit = 20 }: { articles: ReportArticle[]; planLimit?: number }) {
  const h = useHighlights({ allowed: true, planLimit });
  return (
    <>
      <span data-testid="count">{h.items.length}</span>
      <ArticlesSection
        articles={articles}
        tableType={0}
        template=""
        highlight={{ isOn: h.isOn, blockedReason: h.blockedReason, toggle: (a) => void h.toggle(a) }}
      />
    </>
  );
}

const star = (n: number) => screen.getByRole('button', { name: `Highlight: Nebula Quest review ${n}` });
const unstar = (n: number) => screen.getByRole('button', { name: `Remove highlight: Nebula Quest review ${n}` });

describe('highlight toggle', () => {
  it('saves on success and removes locally on the second click', async () => {
    const calls = serve((req) =>
      req.method === 'POST' && req.url.pathname === '/api/screenshots'
        ? {
            status: 201,
            body: {
              data: {
                type: 'screenshot',
                id: '1',
                attributes: { article_id: '1', status: 'ready', source: 'screenshot', image_url: '/api/screenshots/1/image' },
              },
            },
          }
        : undefined,
    );
    renderPlain(<HighlightHarness articles={[article(1), article(2)]} />);
    fireEvent.click(star(1));
    // Highlighted at once, before the server answers.
    expect(unstar(1).getAttribute('aria-pressed')).toBe('true');
    await screen.findByText(MSG.modal.highlightSaved);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { article_id: '1', article_url: 'https://www.gamespot.com/reviews/nebula-1' },
    ]);

    fireEvent.click(unstar(1));
    await screen.findByText(MSG.modal.highlightRemoved);
    expect(star(1).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('count').textContent).toBe('0');
    // Removing is local: no second call.
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
  });

  it('takes the highlight back when the server refuses it', async () => {
    serve((req) => (req.method === 'POST' ? { status: 500, body: { errors: [] } } : undefined));
    renderPlain(<HighlightHarness articles={[article(1)]} />);
    fireEvent.click(star(1));
    await screen.findByText(MSG.modal.highlightFailed);
    expect(star(1).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('count').textContent).toBe('0');
  });

  it('refuses new highlights once the plan limit is reached', async () => {
    const calls = serve((req) =>
      req.method === 'POST'
        ? { status: 201, body: { data: { type: 'screenshot', id: '1', attributes: { article_id: '1', status: 'ready', source: 'preview', image_url: null } } } }
        : undefined,
    );
    renderPlain(<HighlightHarness articles={[article(1), article(2)]} planLimit={1} />);
    fireEvent.click(star(1));
    await screen.findByText(MSG.modal.highlightSaved);
    fireEvent.click(star(2));
    expect(star(2).getAttribute('aria-pressed')).toBe('false');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('highlight cards', () => {
  const cards = [card(1, 2), card(2, 9), card(3, 5), card(4, 7), card(5, 1), card(6, 8), card(7, 3)];

  it('shows one row of five by reach, then all of them with see more, and back with see less', () => {
    renderPlain(<HighlightCards cards={cards} />);
    const titles = () => screen.getAllByTestId('highlight-card').map((c) => within(c).getByText(/^Story/).textContent);
    expect(titles()).toEqual(['Story 2', 'Story 6', 'Story 4', 'Story 3', 'Story 7']);
    fireEvent.click(screen.getByRole('button', { name: /see more/i }));
    expect(titles()).toEqual(['Story 2', 'Story 6', 'Story 4', 'Story 3', 'Story 7', 'Story 1', 'Story 5']);
    fireEvent.click(screen.getByRole('button', { name: /see less/i }));
    expect(titles()).toHaveLength(5);
  });

  it('fetches a member-only picture with the token (an <img> cannot send it)', async () => {
    // jsdom has no object URLs.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:picture-1', revokeObjectURL: () => {} });
    onTestFinished(() => void Object.assign(URL, original));
    const calls = serve((req) => (req.url.pathname === '/api/screenshots/1/image' ? { body: 'JPEG', contentType: 'image/jpeg' } : undefined));
    renderPlain(
      <HighlightCards
        cards={[
          { ...card(1, 5), image_url: '/api/screenshots/1/image?v=2', source: 'screenshot' },
          { ...card(2, 4), image_url: '/api/p/reports/x/screenshots/2.jpg', source: 'screenshot' },
        ]}
      />,
    );
    await waitFor(() => expect(document.querySelector('img[src="blob:picture-1"]')).not.toBeNull());
    expect(calls.find((c) => c.url.pathname === '/api/screenshots/1/image')!.headers.authorization).toBe('Bearer token');
    // A public picture is shown from its address as it is.
    expect(document.querySelector('img[src="/api/p/reports/x/screenshots/2.jpg"]')).not.toBeNull();
  });

  it('prints every card without the button', () => {
    renderPlain(<HighlightCards cards={cards} print />);
    expect(screen.getAllByTestId('highlight-card')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /see more/i })).toBeNull();
  });
});

describe('public report', () => {
  it('shows the report without a token: header, totals, sanitized description, articles; then marks itself ready', async () => {
    tokenStore.clear();
    const evil = '<p>Launch week <strong>went well</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const calls = serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv') return { body: reportDoc({ descriptionHTML: evil }) };
      if (path === '/api/p/articles') return { body: articlesDoc([1, 2, 3]) };
      if (path.startsWith('/api/p/reports/AbCdEfGhIjKlMnOpQrStUv/')) return { body: listDocument('video', [], 1, 25) };
      return undefined;
    });
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1');
    await screen.findByText('March coverage');
    expect(screen.getByTestId('report-end-date').textContent).toBe('Monday March 4, 2024');
    expect(screen.getByTestId('total-articles').textContent).toBe('3');
    const description = screen.getByTestId('report-description');
    expect(description.textContent).toContain('Launch week went well.');
    expect(description.innerHTML).not.toMatch(/onerror|<script|javascript:/);
    await screen.findByText('Nebula Quest review 3');
    expect(screen.getByText('Press')).toBeTruthy();
    // A sum of 0.1–10 scores is not shown as a reach: the average score is, labelled so.
    expect(screen.getByTestId('total-average-media-score').textContent).toBe('7.5 / 10');
    expect(screen.queryByText(/total reach/i)).toBeNull();
    // The printed page names the CJK faces (Japanese titles printed as boxes with the server's default sans-serif).
    expect(screen.getByTestId('report-page').style.fontFamily).toContain('Noto Sans CJK JP');
    await waitFor(() => expect(document.body.dataset.reportReady).toBe('true'));
    // No videos and no streams: no empty Videos / Streams blocks (the PDF prints this page).
    expect(screen.queryByTestId('media-section')).toBeNull();
    expect(screen.queryByTestId('videos-empty')).toBeNull();
    expect(screen.queryByTestId('streams-empty')).toBeNull();
    // Print mode: every row, no paging.
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    for (const c of calls) expect(c.headers.authorization).toBeUndefined();
    expect(calls.find((c) => c.url.pathname === '/api/p/articles')!.url.searchParams.get('filter[report_id]')).toBe('AbCdEfGhIjKlMnOpQrStUv');
  });

  it('shows the Videos section of a report with videos, its potential reach, and no Streams block', async () => {
    tokenStore.clear();
    const video = savedVideo(1, { title: 'Nebula Quest trailer', views: 1200 });
    const base = reportDoc().data.attributes;
    // A whole average still reads as a score out of ten: "7.0 / 10", not "7 / 10".
    const totals = { ...base.totals, average_score: 7, umv: 2_500_000, videos: 1, video_views: 1200, streams: 0, stream_views: 0 };
    const calls = serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv') return { body: reportDoc({ videos: [1], totals }) };
      if (path === '/api/p/articles') return { body: articlesDoc([1]) };
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv/videos') return { body: listDocument('saved_video', [video], 1, 5000) };
      if (path.startsWith('/api/p/reports/AbCdEfGhIjKlMnOpQrStUv/')) return { body: listDocument('saved_stream', [], 1, 5000) };
      return undefined;
    });
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1');
    const link = await screen.findByRole('link', { name: 'Nebula Quest trailer' }, { timeout: 5000 });
    // The title links to the video's YouTube watch page.
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=nebulavid01');
    const section = screen.getByTestId('media-section');
    expect(within(section).getByRole('heading', { name: 'Videos' })).toBeTruthy();
    expect(within(section).getByText('Nebula Plays')).toBeTruthy();
    expect(within(section).getByText('45.6K subscribers')).toBeTruthy();
    expect(within(section).getByText('1.2K')).toBeTruthy();
    expect(within(section).getAllByTestId('media-thumbnail')).toHaveLength(1);
    expect(screen.queryByTestId('streams-empty')).toBeNull();
    expect(screen.queryByTestId('streams-table')).toBeNull();
    expect(screen.getByTestId('total-potential-reach').textContent).toBe('2.5M');
    expect(screen.getByTestId('total-average-media-score').textContent).toBe('7.0 / 10');
    expect(screen.getByTestId('total-video-views').textContent).toBe('1.2K');
    expect(screen.queryByTestId('total-stream-views')).toBeNull();
    // All of the report's videos, newest first (the printed page has no paging).
    const q = calls.find((c) => c.url.pathname.endsWith('/videos'))!.url.searchParams;
    expect([q.get('page_size'), q.get('sortField'), q.get('sortOrder')]).toEqual(['5000', 'published_at', 'desc']);
  });

  it('shows videos and streams side by side: each table named, streams linking to Twitch with their followers', async () => {
    tokenStore.clear();
    const base = reportDoc().data.attributes;
    const totals = { ...base.totals, videos: 2, video_views: 3600, streams: 1, stream_views: 640 };
    serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv') return { body: reportDoc({ videos: [1, 2], saved_streams: [9], totals }) };
      if (path === '/api/p/articles') return { body: articlesDoc([1]) };
      if (path.endsWith('/videos')) return { body: listDocument('saved_video', [savedVideo(2), savedVideo(1)], 1, 5000) };
      if (path.endsWith('/streams')) return { body: listDocument('saved_stream', [savedStream(9)], 1, 5000) };
      return undefined;
    });
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv');
    // Not printed: the tables draw after the first paint, which a loaded machine may take seconds to reach.
    const stream = await screen.findByRole('link', { name: 'Nebula Quest launch stream 9' }, { timeout: 15000 });
    expect(stream.getAttribute('href')).toBe('https://www.twitch.tv/videos/7000009');
    const section = screen.getByTestId('media-section');
    expect(within(section).getByRole('heading', { name: 'Videos and streams' })).toBeTruthy();
    expect(within(screen.getByTestId('videos-table')).getAllByRole('link')).toHaveLength(2);
    expect(within(screen.getByTestId('streams-table')).getByText('8.9K followers')).toBeTruthy();
    // Twitch's thumbnail template is filled in.
    const img = within(screen.getByTestId('streams-table')).getByTestId('media-thumbnail').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://static-cdn.jtvnw.net/cf_vods/nebula/thumb-192x108.jpg');
    expect(screen.getByTestId('total-video-views').textContent).toBe('3.6K');
    expect(screen.getByTestId('total-stream-views').textContent).toBe('640');
  });

  it('shows each stream’s peak viewers and hours watched with their totals, and each video’s growth since found or its removal', async () => {
    tokenStore.clear();
    const base = reportDoc().data.attributes;
    const totals = {
      ...base.totals,
      videos: 2,
      video_views: 13_000,
      streams: 2,
      stream_views: 1_280,
      stream_hours_watched: 3_085,
      stream_peak_viewers: 2_345,
      stream_channels: 1,
    };
    const growing = savedVideo(1, {
      title: 'Growing',
      views: 12_400,
      current_views: 12_400,
      views_at_found: 9_000,
      stats_refreshed_at: '2024-03-10T00:00:00.000Z',
    });
    const removed = savedVideo(2, { title: 'Gone', views: 600, views_at_found: 600, removed_at: '2024-03-12T00:00:00.000Z' });
    const quiet = savedStream(10, { title: 'Never live', peak_viewers: null, average_viewers: null, hours_watched: null, airtime: null, ended_at: null });
    serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv') return { body: reportDoc({ videos: [1, 2], saved_streams: [9, 10], totals }) };
      if (path === '/api/p/articles') return { body: articlesDoc([1]) };
      if (path.endsWith('/videos')) return { body: listDocument('saved_video', [growing, removed], 1, 5000) };
      if (path.endsWith('/streams')) return { body: listDocument('saved_stream', [savedStream(9), quiet], 1, 5000) };
      return undefined;
    });
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1');
    await screen.findByRole('link', { name: 'Nebula Quest launch stream 9' }, { timeout: 5000 });
    const streams = screen.getByTestId('streams-table');
    expect(
      within(streams)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Stream', 'Channel', 'Peak viewers', 'Hours watched', 'Views', 'Date']);
    const [live, never] = within(streams).getAllByRole('row').slice(1);
    expect(within(live).getByText('2.3K').getAttribute('title')).toBe('2,345 viewers at the peak');
    expect(within(live).getByText('3,085 h')).toBeTruthy();
    // A stream never sampled while live shows no figure, and says why.
    expect(within(never).getAllByTitle('Not measured: the stream was not seen live')).toHaveLength(2);
    // In total: the hours watched, with the peak at one moment and the channels in words (the PDF has no tooltips).
    expect(screen.getByTestId('total-hours-watched').textContent).toBe('3,085 h');
    expect(screen.getByTestId('basis-hours-watched').textContent).toBe('Peak of 2,345 viewers at once across 2 streams from 1 channel.');

    const videos = screen.getByTestId('videos-table');
    const [up, gone] = within(videos).getAllByRole('row').slice(1);
    expect(within(up).getByText('12.4K')).toBeTruthy();
    expect(within(up).getByTestId('views-growth').textContent).toBe('+38% since found');
    expect(within(up).queryByTestId('removed-badge')).toBeNull();
    expect(within(gone).getByTestId('removed-badge').textContent).toBe('Removed from YouTube');
    expect(within(gone).queryByTestId('views-growth')).toBeNull();
  });

  it('shows the /p/404 content for an unknown report', async () => {
    serve();
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/nope');
    expect(await screen.findByText(MSG.pages.notFound)).toBeTruthy();
  });
});

/** GET p/reports/{id}/creators: two Twitch broadcasters (one never sampled) and one YouTube channel. */
function creatorsDoc() {
  const twitch = (rank: number, id: string, name: string, over: Record<string, unknown>) => ({
    type: 'creator',
    id,
    attributes: {
      platform: 'twitch',
      rank,
      broadcaster_id: id,
      broadcaster_name: name,
      broadcaster_login: name.toLowerCase(),
      profile_image_url: null,
      followers: 8900,
      streams: 1,
      hours_watched: 0,
      peak_viewers: null,
      average_viewers: null,
      airtime: 0,
      last_stream_at: '2024-03-04T18:00:00.000Z',
      top_stream: { title: 'Launch night', url: null },
      ...over,
    },
  });
  return {
    data: [
      twitch(1, '6100001', 'Aster', {
        profile_image_url: 'https://static-cdn.jtvnw.net/aster.png',
        streams: 2,
        hours_watched: 36.666666,
        peak_viewers: 2345,
        average_viewers: 280,
      }),
      twitch(2, 'name:quietcaster', 'Quietcaster', { broadcaster_login: '', followers: null }),
      {
        type: 'creator',
        id: 'UCbeta',
        attributes: {
          platform: 'youtube',
          rank: 1,
          channel_id: 'UCbeta',
          channel_title: 'Beta Reviews',
          thumbnail: 'https://yt3.ggpht.com/beta.jpg',
          subscribers: 42_000,
          videos: 3,
          views: 15_300,
          last_video_at: '2024-03-05T10:00:00.000Z',
          top_video: { title: 'Beta review', url: 'https://www.youtube.com/watch?v=beta', views: 9000 },
        },
      },
    ],
    meta: {
      limit: 10,
      twitch: { creators: 2, hours_watched: 36.666666, streams: 3 },
      youtube: { creators: 14, views: 40_000, videos: 20 },
    },
  };
}

describe('top creators', () => {
  const mediaReport = (over: Parameters<typeof reportDoc>[0] = {}) => reportDoc({ videos: [1], saved_streams: [9], ...over });
  const serveMedia = (report: ReturnType<typeof reportDoc>) =>
    serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv' || path === '/api/reports/AbCdEfGhIjKlMnOpQrStUv') return { body: report };
      if (path === '/api/p/articles') return { body: articlesDoc([1]) };
      if (path.endsWith('/videos')) return { body: listDocument('saved_video', [savedVideo(1)], 1, 5000) };
      if (path.endsWith('/streams')) return { body: listDocument('saved_stream', [savedStream(9)], 1, 5000) };
      if (path.endsWith('/creators')) return { body: creatorsDoc() };
      return undefined;
    });

  it('ranks the channels after the videos and streams, every column in print, and the page is ready only once they are in', async () => {
    tokenStore.clear();
    const calls = serveMedia(mediaReport());
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1');
    const section = await screen.findByTestId('creators-section', {}, { timeout: 5000 });
    expect(within(section).getByRole('heading', { name: 'Top creators' })).toBeTruthy();
    // After the videos and streams.
    expect(screen.getByTestId('media-section').compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const twitch = within(section).getByTestId('creators-twitch');
    expect(
      within(twitch)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Channel', 'Hours watched', 'Peak viewers', 'Streams']);
    const [first, second] = within(twitch).getAllByRole('row').slice(1);
    expect(within(first).getByText('1')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Aster' }).getAttribute('href')).toBe('https://www.twitch.tv/aster');
    expect(within(first).getByText('8.9K followers')).toBeTruthy();
    expect(within(first).getByText('36.7 h')).toBeTruthy();
    expect(within(first).getByText('2.3K').getAttribute('title')).toBe('2,345 viewers at the peak');
    expect(within(first).getByText('2')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('https://static-cdn.jtvnw.net/aster.png');
    // Never sampled: no peak, said in words; no login, no link.
    expect(within(second).getByTitle('Not measured: no stream was seen live')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(second).getByText('Followers not known')).toBeTruthy();

    const youtube = within(section).getByTestId('creators-youtube');
    expect(within(youtube).getByText(/top 1 of 14 channels/)).toBeTruthy();
    expect(
      within(youtube)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Channel', 'Views', 'Videos']);
    expect(within(youtube).getByRole('link', { name: 'Beta Reviews' }).getAttribute('href')).toBe('https://www.youtube.com/channel/UCbeta');
    expect(within(youtube).getByText('15.3K')).toBeTruthy();

    await waitFor(() => expect(document.body.dataset.reportReady).toBe('true'));
    const asked = calls.filter((c) => c.url.pathname.endsWith('/creators'));
    expect(asked.map((c) => c.url.pathname)).toEqual(['/api/p/reports/AbCdEfGhIjKlMnOpQrStUv/creators']);
    expect(asked[0].headers.authorization).toBeUndefined();
  });

  it('is hidden (and not asked for) when the report turns show_creators off', async () => {
    tokenStore.clear();
    const calls = serveMedia(mediaReport({ show_creators: false }));
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1');
    await screen.findByTestId('streams-table', {}, { timeout: 5000 });
    await waitFor(() => expect(document.body.dataset.reportReady).toBe('true'));
    expect(screen.queryByTestId('creators-section')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/creators'))).toBe(false);
  });

  it('is hidden when there is nobody to rank', async () => {
    tokenStore.clear();
    const empty = { data: [], meta: { limit: 10, twitch: { creators: 0, hours_watched: 0, streams: 0 }, youtube: { creators: 0, views: 0, videos: 0 } } };
    const report = mediaReport();
    const calls = serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/p/reports/AbCdEfGhIjKlMnOpQrStUv') return { body: report };
      if (path === '/api/p/articles') return { body: articlesDoc([1]) };
      if (path.endsWith('/creators')) return { body: empty };
      if (path.startsWith('/api/p/reports/AbCdEfGhIjKlMnOpQrStUv/')) return { body: listDocument('saved_video', [], 1, 5000) };
      return undefined;
    });
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1');
    await waitFor(() => expect(document.body.dataset.reportReady).toBe('true'), { timeout: 5000 });
    expect(calls.some((c) => c.url.pathname.endsWith('/creators'))).toBe(true);
    expect(screen.queryByTestId('creators-section')).toBeNull();
  });

  it('asks the member route with the token inside the workspace', async () => {
    const calls = serveMedia(mediaReport());
    renderPlain(
      <ReportView
        report={{ ...mediaReport().data.attributes, id: 'AbCdEfGhIjKlMnOpQrStUv' }}
        articles={[]}
        articlesLoading={false}
        videos={[]}
        streams={[]}
        mediaLoading={false}
        print
      />,
    );
    await screen.findByTestId('creators-section');
    const asked = calls.find((c) => c.url.pathname.endsWith('/creators'))!;
    expect(asked.url.pathname).toBe('/api/reports/AbCdEfGhIjKlMnOpQrStUv/creators');
    expect(asked.headers.authorization).toBe('Bearer token');
  });
});

describe('reports list', () => {
  const reports = [
    { ...reportDoc().data.attributes, id: 'AbCdEfGhIjKlMnOpQrStUv' },
    { ...reportDoc({ name: 'February coverage' }).data.attributes, id: 'ZyXwVuTsRqPoNmLkJiHgFe' },
  ];

  it('lists the reports, renames one and deletes another after confirmation', async () => {
    const calls = serve((req) => {
      if (req.url.pathname === '/api/reports' && req.method === 'GET') return { body: listDocument('report', reports, 1, 50000) };
      if (req.method === 'PATCH') return { body: { data: { type: 'report', id: 'AbCdEfGhIjKlMnOpQrStUv', attributes: {} } } };
      if (req.method === 'DELETE') return { status: 204 };
      return undefined;
    });
    renderAt(<ReportsPage />, '/reports/:projectId', `/reports/${PROJECT}`);
    const link = await screen.findByRole('link', { name: 'March coverage' });
    expect(link.getAttribute('href')).toBe(`/reports/${PROJECT}/AbCdEfGhIjKlMnOpQrStUv`);
    const list = calls.find((c) => c.url.pathname === '/api/reports')!.url.searchParams;
    expect([list.get('filter[project_id]'), list.get('page'), list.get('page_size')]).toEqual([PROJECT, '0', '50000']);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for March coverage' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename report' }));
    const input = await screen.findByLabelText('Report name');
    fireEvent.change(input, { target: { value: 'March launch coverage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(MSG.reports.nameUpdated);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      data: { type: 'report', id: 'AbCdEfGhIjKlMnOpQrStUv', attributes: { name: 'March launch coverage' } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for February coverage' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(MSG.reports.deleted);
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/reports/ZyXwVuTsRqPoNmLkJiHgFe');
  });
});
