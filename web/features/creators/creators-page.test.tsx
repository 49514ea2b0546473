import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CREATOR_MAX_DAYS, defaultCreatorPeriod } from '../../../common/schemas/creators';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';
import { periodPresets } from './components/period-picker';
import { periodDays } from './lib/format';
import { CreatorsPage } from './routes/creators-page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const PROJECT_ID = '3';
const LIST = `/api/projects/${PROJECT_ID}/creators`;

function userDoc(permissions: Record<string, boolean>) {
  return signedInUserDoc({ defaultProjectId: PROJECT_ID, organization: { permissions } });
}

const projects = (feeds: { twitch: string | null; youtube: string | null }) =>
  listDocument(
    'project',
    [{ id: PROJECT_ID, name: 'Starfall', avatar: null, locked: false, 'alert-id': null, 'twitch-search-id': feeds.twitch, 'youtube-search-id': feeds.youtube }],
    1,
    500,
  );

const twitchRow = (rank: number, over: Record<string, unknown> = {}) => ({
  id: `b${rank}`,
  platform: 'twitch',
  rank,
  broadcaster_id: `b${rank}`,
  broadcaster_name: `Caster ${rank}`,
  broadcaster_login: `caster${rank}`,
  profile_image_url: null,
  followers: 45_600,
  streams: 3,
  hours_watched: 2_500.5,
  peak_viewers: 2_400,
  average_viewers: 1_300,
  airtime: 3 * 3600 + 5 * 60,
  last_stream_at: '2024-03-05T10:00:00Z',
  top_stream: { title: `Top run ${rank}`, url: `https://www.twitch.tv/videos/${rank}` },
  ...over,
});

const youtubeRow = {
  id: 'UCxeno',
  platform: 'youtube',
  rank: 1,
  channel_id: 'UCxeno',
  channel_title: 'Xeno Plays',
  thumbnail: null,
  subscribers: null,
  videos: 2,
  views: 1_250_000,
  last_video_at: '2024-03-04T08:00:00Z',
  top_video: { title: 'Xeno reviews Starfall', url: 'https://www.youtube.com/watch?v=v1', views: 900_000 },
};

function serve(
  opts: { permissions?: Record<string, boolean>; feeds?: { twitch: string | null; youtube: string | null }; twitch?: unknown[]; youtube?: unknown[] } = {},
) {
  return stubFetch((req: StubRequest) => {
    const path = req.url.pathname;
    if (path === '/api/user') return { body: userDoc(opts.permissions ?? { twitch_feed: true, youtube_feed: true }) };
    if (path === '/api/projects') return { body: projects(opts.feeds ?? { twitch: '41', youtube: '42' }) };
    if (path === LIST) {
      if (req.headers.accept === 'text/csv') return { body: 'rank,broadcaster_name\n1,Caster 1\n', contentType: 'text/csv' };
      const youtube = req.url.searchParams.get('filter[platform]') === 'youtube';
      const rows = ((youtube ? opts.youtube : opts.twitch) ?? []) as Record<string, unknown>[];
      return { body: listDocument('creator', rows, 1, 25) };
    }
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

function renderPage(url = `/creators/${PROJECT_ID}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/creators/:projectId" element={<CreatorsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const listCalls = (all: StubRequest[]) => all.filter((c) => c.url.pathname === LIST && c.headers.accept !== 'text/csv');

describe('Creators', () => {
  it('ranks the Twitch broadcasters over the last 30 days, and switches to YouTube with its own order', async () => {
    const all = serve({ twitch: [twitchRow(1), twitchRow(2, { followers: null, peak_viewers: null, average_viewers: null })], youtube: [youtubeRow] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Creators' })).toBeTruthy();
    const first = (await screen.findByText('Caster 1')).closest('tr')!;
    expect(within(first).getByText('45.6K followers')).toBeTruthy();
    expect(within(first).getByText('2,501 h')).toBeTruthy();
    expect(within(first).getByText('2.4K')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Caster 1' }).getAttribute('href')).toBe('https://www.twitch.tv/caster1');
    const second = screen.getByText('Caster 2').closest('tr')!;
    expect(within(second).getByText('Followers not known')).toBeTruthy();
    expect(within(second).getAllByText('–')).toHaveLength(2);

    const period = defaultCreatorPeriod();
    const q = Object.fromEntries(listCalls(all).at(-1)!.url.searchParams);
    expect(q).toEqual({
      'page[page]': '1',
      'page[page_size]': '25',
      sort: '-hours_watched',
      'filter[platform]': 'twitch',
      'filter[from]': period.from,
      'filter[to]': period.to,
    });

    // Sorting by a metric asks the server (its first click is ascending, as in every table).
    fireEvent.click(screen.getByRole('columnheader', { name: /Peak viewers/ }).querySelector('button')!);
    await waitFor(() => expect(listCalls(all).at(-1)!.url.searchParams.get('sort')).toBe('peak_viewers'));

    const platform = screen.getByRole('radiogroup', { name: 'Platform' });
    fireEvent.click(within(platform).getByLabelText('YouTube'));
    const xeno = (await screen.findByText('Xeno Plays')).closest('tr')!;
    expect(within(xeno).getByText('Subscribers hidden')).toBeTruthy();
    expect(within(xeno).getByText('1.2M')).toBeTruthy();
    const yt = listCalls(all).at(-1)!.url.searchParams;
    expect(yt.get('filter[platform]')).toBe('youtube');
    expect(yt.get('sort')).toBe('-views');
  });

  it('asks for the period chosen from the presets', async () => {
    const all = serve({ twitch: [twitchRow(1)] });
    renderPage();
    await screen.findByText('Caster 1');
    fireEvent.click(screen.getByRole('button', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    const [from, to] = periodPresets()[0].value;
    await waitFor(() => expect(listCalls(all).at(-1)!.url.searchParams.get('filter[from]')).toBe(from));
    expect(listCalls(all).at(-1)!.url.searchParams.get('filter[to]')).toBe(to);
    expect(periodPresets().every((p) => periodDays(p.value[0], p.value[1]) <= CREATOR_MAX_DAYS)).toBe(true);
  });

  it('opens on the platform and period of a link (the overview’s figures), from the first request', async () => {
    const all = serve({ twitch: [twitchRow(1)], youtube: [youtubeRow] });
    renderPage(`/creators/${PROJECT_ID}?platform=youtube&from=2024-03-01&to=2024-03-31`);
    expect(await screen.findByText('Xeno Plays')).toBeTruthy();
    const calls = listCalls(all);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      expect(c.url.searchParams.get('filter[platform]')).toBe('youtube');
      expect(c.url.searchParams.get('filter[from]')).toBe('2024-03-01');
      expect(c.url.searchParams.get('filter[to]')).toBe('2024-03-31');
    }
    const platform = screen.getByRole('radiogroup', { name: 'Platform' });
    expect((within(platform).getByLabelText('YouTube') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Period' }).textContent).toBe('Mar 1, 2024 – Mar 31, 2024');

    // The user can change them afterwards.
    fireEvent.click(within(platform).getByLabelText('Twitch'));
    await screen.findByText('Caster 1');
    const q = listCalls(all).at(-1)!.url.searchParams;
    expect(q.get('filter[platform]')).toBe('twitch');
    expect(q.get('filter[from]')).toBe('2024-03-01');
  });

  it('ignores link values it cannot show: an unknown platform, a date that is not a day, a period backwards or too long', async () => {
    const period = defaultCreatorPeriod();
    for (const query of [
      'platform=tiktok&from=2024-02-30&to=2024-03-31',
      'from=2024-03-31&to=2024-03-01',
      'from=2022-01-01&to=2024-01-01',
      'from=2024-03-01',
    ]) {
      const all = serve({ twitch: [twitchRow(1)] });
      const view = renderPage(`/creators/${PROJECT_ID}?${query}`);
      await screen.findByText('Caster 1');
      const q = listCalls(all)[0].url.searchParams;
      expect([q.get('filter[platform]'), q.get('filter[from]'), q.get('filter[to]')], query).toEqual(['twitch', period.from, period.to]);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('offers only the platforms the plan has', async () => {
    const all = serve({ permissions: { twitch_feed: false, youtube_feed: true }, youtube: [youtubeRow] });
    renderPage();
    expect(await screen.findByText('Xeno Plays')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Platform' })).toBeNull();
    expect(listCalls(all).every((c) => c.url.searchParams.get('filter[platform]') === 'youtube')).toBe(true);
  });

  it('says why the board is empty: no feed yet, with the way to set it up', async () => {
    serve({ feeds: { twitch: null, youtube: '42' } });
    renderPage();
    expect(await screen.findByText('No Twitch feed yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up the Twitch feed' }).getAttribute('href')).toBe(`/twitch-feed/${PROJECT_ID}`);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Platform' })).getByLabelText('YouTube'));
    expect(await screen.findByText('No videos in this period')).toBeTruthy();
  });

  it('exports the board of the period as CSV, without paging', async () => {
    const created: Blob[] = [];
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:creators'), revokeObjectURL: () => {} });
    try {
      const all = serve({ twitch: [twitchRow(1)] });
      renderPage();
      await screen.findByText('Caster 1');
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(created).toHaveLength(1));
      const csv = all.find((c) => c.url.pathname === LIST && c.headers.accept === 'text/csv')!;
      const period = defaultCreatorPeriod();
      expect(Object.fromEntries(csv.url.searchParams)).toEqual({
        sort: '-hours_watched',
        'filter[platform]': 'twitch',
        'filter[from]': period.from,
        'filter[to]': period.to,
      });
      expect(await created[0]!.text()).toContain('1,Caster 1');
    } finally {
      Object.assign(URL, original);
    }
  });
});
