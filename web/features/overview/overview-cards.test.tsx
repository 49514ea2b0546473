import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OverviewAttributes } from '../../../common/schemas/projects-overview';
import { OverviewPage } from '../../app/routes/overview-page';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';
import { coverageAttrs, coverageDocument } from '../steam/steam-fixtures';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const FROM = '2024-03-01';
const TO = '2024-03-30';

const project = (competitors: { name: string; query: string }[]) => ({
  id: '3',
  name: 'Starfall',
  avatar: null,
  locked: false,
  client_id: '1',
  client: { id: '1', name: 'Nebula' },
  'alert-id': '11',
  'youtube-search-id': null,
  'twitch-search-id': null,
  'steam-app-ids': [],
  competitors,
  'total-articles': 0,
  'total-reports': 0,
  'inserted-at': null,
  'updated-at': null,
});

function overview(over: Partial<OverviewAttributes> = {}): OverviewAttributes {
  return {
    period: { from: FROM, to: TO },
    alert_id: '11',
    press: { placements: 1240, unique_stories: 310 },
    reach: { potential_reach: 48_300_000, estimated_views: 1_234_567, unknown_visitors: 3 },
    youtube: {
      views: 98_765,
      videos: 12,
      creators: 4,
      has_feed: true,
      top: [
        {
          platform: 'youtube',
          rank: 1,
          channel_id: 'UCzed',
          channel_title: 'Zed Plays',
          thumbnail: null,
          subscribers: 10,
          videos: 3,
          views: 90_000,
          last_video_at: '2024-03-20T10:00:00Z',
          top_video: { title: 'Starfall first look', url: 'https://www.youtube.com/watch?v=z1', views: 80_000 },
        },
      ],
    },
    twitch: { hours_watched: 12.5, streams: 2, creators: 1, has_feed: false, top: [] },
    share_of_voice: {
      available: true,
      search_from: FROM,
      own: 1240,
      competitors: [
        { name: 'Halcyon', query: '"Halcyon Forge"', count: 620 },
        { name: 'Umbra', query: 'umbra AND drift', count: null },
      ],
    },
    top_outlets: [
      { media: 'ign.com', placements: 40, website_id: '7', score: 9.1, muv: 120_000_000 },
      { media: 'small.example', placements: 2, website_id: null, score: null, muv: null },
    ],
    highlights: {
      total: 7,
      latest: [
        {
          id: '55',
          title: 'Starfall review: a triumph',
          url: 'https://ign.com/starfall-review',
          media: 'ign.com',
          date: '2024-03-28T09:00:00Z',
          image: null,
          tag: 'Reviews',
          screenshot_url: null,
        },
      ],
    },
    ...over,
  };
}

function serve(attrs: OverviewAttributes, competitors = [{ name: 'Halcyon', query: '"Halcyon Forge"' }]) {
  return stubFetch((req: StubRequest) => {
    const path = req.url.pathname;
    if (path === '/api/user') return { body: signedInUserDoc({ defaultProjectId: '3' }) };
    if (path === '/api/projects') return { body: listDocument('project', [project(competitors)], 1, 500) };
    if (path === '/api/projects/3/coverage') return { body: coverageDocument(coverageAttrs()) };
    if (path === '/api/projects/3/overview') return { body: { data: { type: 'overview', id: '3', attributes: attrs } } };
    if (path === '/api/clients') return { body: listDocument('client', [{ id: '1', name: 'Nebula', locked: false }], 1, 500) };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

function renderOverview(dir: 'ltr' | 'rtl' = 'ltr') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  render(
    <DirectionProvider initialDirection={dir}>
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/overview/3']}>
            <Routes>
              <Route path="/overview/:projectId" element={<OverviewPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>,
  );
}

const card = async (testId: string) => screen.findByTestId(testId);
const hrefs = (el: HTMLElement) =>
  within(el)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('the overview cards', () => {
  it('show each figure of the overview document, each leading to the list it counts over the period', async () => {
    const calls = serve(overview());
    renderOverview();
    const placements = await card('overview-placements');
    expect(screen.getByTestId('figure-placements').textContent).toBe('1,240');
    expect(screen.getByTestId('figure-stories').textContent).toBe('310');
    expect(within(placements).getByText('930 placements are copies of a story told elsewhere.')).toBeTruthy();
    // Placements, reach and outlets count every copy; unique stories open the feed one row per story.
    const feed = `/articles-feed/3?alert_id=11&startDate=${FROM}&endDate=${TO}&group=none`;
    const stories = `/articles-feed/3?alert_id=11&startDate=${FROM}&endDate=${TO}`;
    expect(hrefs(placements)).toEqual([feed, stories, feed]);

    const reach = await card('overview-reach');
    expect(screen.getByTestId('figure-reach').textContent).toBe('48.3M');
    expect(screen.getByTestId('figure-views').textContent).toBe('1.2M');
    expect(screen.getByTestId('figure-youtube-views').textContent).toBe('98.8K');
    expect(screen.getByTestId('figure-twitch-hours').textContent).toBe('12.5 h');
    expect(hrefs(reach)).toEqual([feed, feed, `/creators/3?platform=youtube&from=${FROM}&to=${TO}`, `/creators/3?platform=twitch&from=${FROM}&to=${TO}`]);
    expect(within(reach).getByText('3 placements’ outlets have no known visitors and add nothing.')).toBeTruthy();

    const sov = await card('overview-share-of-voice');
    expect(within(sov).getByRole('img', { name: 'Share of voice: Starfall 1,240, Halcyon 620, Umbra not counted' })).toBeTruthy();
    const rows = within(within(sov).getByTestId('share-of-voice-table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Starfall1,24067%', 'Halcyon62033%', 'UmbraNot counted']);
    expect(within(rows[1]).getByRole('link').getAttribute('href')).toBe(`/supersearch/3?search=%22Halcyon+Forge%22&from=${FROM}&to=${TO}`);

    const outlets = await card('overview-top-outlets');
    expect(
      within(outlets)
        .getAllByTestId('top-outlet')
        .map((r) => r.textContent),
    ).toEqual(['ign.comScore 9.1 · 120M visitors a month40', 'small.exampleVisitors unknown2']);

    const creators = await card('overview-top-creators');
    expect(within(creators).getByTestId('top-youtube').textContent).toContain('Zed Plays90K views');
    expect(within(creators).queryByTestId('top-twitch')).toBeNull();

    const highlights = await card('overview-highlights');
    expect(within(highlights).getByText('7 saved articles in the period')).toBeTruthy();
    expect(within(highlights).getByRole('link', { name: 'Starfall review: a triumph' }).getAttribute('href')).toBe('https://ign.com/starfall-review');
    expect(
      within(highlights)
        .getByRole('link', { name: /Open the saved coverage/ })
        .getAttribute('href'),
    ).toBe(`/articles/3?date_range=${FROM}%2C${TO}`);

    // The same period as the chart beside them.
    const asked = calls.find((c) => c.url.pathname === '/api/projects/3/overview')!;
    const chart = calls.find((c) => c.url.pathname === '/api/projects/3/coverage')!;
    expect(asked.url.searchParams.get('filter[from]')).toBe(chart.url.searchParams.get('filter[from]'));
    expect(asked.url.searchParams.get('filter[to]')).toBe(chart.url.searchParams.get('filter[to]'));
  });

  it('say plainly what is missing: no alert, no competitors (with the way to set them), nothing saved, a plan without the figures', async () => {
    serve(
      overview({
        alert_id: null,
        press: { placements: 0, unique_stories: 0 },
        reach: null,
        youtube: null,
        twitch: null,
        share_of_voice: { available: true, search_from: FROM, own: 0, competitors: [] },
        top_outlets: [],
        highlights: { total: 0, latest: [] },
      }),
      [],
    );
    renderOverview();
    expect(within(await card('overview-placements')).getByText('The project has no alert yet, so no press coverage is counted.')).toBeTruthy();
    expect(within(await card('overview-reach')).getByText('Your plan does not include outlet visitors, YouTube or Twitch figures.')).toBeTruthy();
    expect(within(await card('overview-top-outlets')).getByText('No outlet has covered the project in this period.')).toBeTruthy();
    expect(within(await card('overview-top-creators')).getByText('Your plan does not include YouTube or Twitch feeds.')).toBeTruthy();
    expect(within(await card('overview-highlights')).getByText(/Nothing was saved from this period yet/)).toBeTruthy();
    const sov = await card('overview-share-of-voice');
    expect(within(sov).getByText(/No competitors are set for this project/)).toBeTruthy();
    fireEvent.click(within(sov).getByRole('button', { name: 'Set competitors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a competitor' }));
    expect(within(dialog).getByLabelText('Competitor 1 name')).toBeTruthy();
    expect(within(dialog).getByLabelText('Competitor 1 query')).toBeTruthy();
  });

  it('saves the competitors with the project, checks each query as Super Search does, and shows the server’s refusal at its field', async () => {
    const calls = stubFetch((req: StubRequest) => {
      const path = req.url.pathname;
      if (path === '/api/user') return { body: signedInUserDoc({ defaultProjectId: '3' }) };
      if (path === '/api/projects') return { body: listDocument('project', [project([])], 1, 500) };
      if (path === '/api/projects/3/coverage') return { body: coverageDocument(coverageAttrs()) };
      if (path === '/api/projects/3/overview') return { body: { data: { type: 'overview', id: '3', attributes: overview() } } };
      if (path === '/api/clients') return { body: listDocument('client', [{ id: '1', name: 'Nebula', locked: false }], 1, 500) };
      if (path === '/api/projects/3' && req.method === 'PATCH')
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'validation_failed',
                title: 'Invalid',
                detail: 'Name taken by the server',
                source: { pointer: '/data/attributes/competitors/0/name' },
              },
            ],
          },
        };
      return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
    });
    renderOverview();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit competitors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a competitor' }));
    fireEvent.change(within(dialog).getByLabelText('Competitor 1 name'), { target: { value: 'Halcyon' } });
    fireEvent.change(within(dialog).getByLabelText('Competitor 1 query'), { target: { value: '"halcyon forge' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The parser's own words, before anything is sent.
    expect(await within(dialog).findByText(/quot/i)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Competitor 1 query'), { target: { value: '“Halcyon Forge”' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name taken by the server')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect((patch.body as { data: { attributes: { competitors: unknown } } }).data.attributes.competitors).toEqual([
      { name: 'Halcyon', query: '“Halcyon Forge”' },
    ]);
  });

  it('lay out right to left with the same figures and links', async () => {
    serve(overview());
    renderOverview('rtl');
    expect(await card('overview-cards')).toBeTruthy();
    expect((await screen.findByTestId('figure-placements')).textContent).toBe('1,240');
    // Domains and numbers keep their own direction inside a right-to-left page.
    expect(
      within(await card('overview-highlights'))
        .getByText('ign.com')
        .getAttribute('dir'),
    ).toBe('ltr');
  });
});
