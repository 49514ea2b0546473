import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { expectCodeBadge } from '../../testing/vocabulary';
import { TwitchFeedPage } from './routes/twitch-feed-page';
import { FEED_ID, PROJECT_ID, bulk, calls, feedInfo, feedItem, renderAt, serve, userDoc, type Handler } from './streams-fixtures';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const LIST = `/api/twitch_feed/${FEED_ID}`;
const items = [
  feedItem(1, { kind: 'stream', live: true, title: 'Starfall live launch', url: 'https://www.twitch.tv/novaruns', twitch_video_id: null, duration: null }),
  feedItem(2, { saved: true }),
  feedItem(3, { language: 'fr', title: 'Starfall en français' }),
];

function serveFeed(opts: { user?: ReturnType<typeof userDoc>; extra?: Handler; info?: Record<string, unknown> } = {}) {
  return serve({
    user: opts.user,
    handler: async (req) => {
      const e = await opts.extra?.(req);
      if (e) return e;
      if (req.url.pathname === `/api/twitch_feed/${FEED_ID}/info`) return { body: feedInfo(opts.info) };
      if (req.method === 'GET' && req.url.pathname === LIST) return { body: listDocument('twitch_video', items, 1, 10) };
      return undefined;
    },
  });
}

const render = () => renderAt(<TwitchFeedPage />, '/twitch-feed/:projectId', `/twitch-feed/${PROJECT_ID}`);
const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

describe('Twitch feed page', () => {
  it('offers to create a feed when the project has none', async () => {
    serve({ feedId: null });
    render();
    expect(await screen.findByText('Follow Starfall on Twitch')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    expect(await screen.findByText('Create Twitch feed')).toBeTruthy();
  });

  it('shows the feed: title, keyword and game, rows with LIVE, channel followers, views, and asks in the spec’s spelling', async () => {
    const all = serveFeed();
    render();
    expect(await screen.findByText('Starfall Streams')).toBeTruthy();
    expect(await screen.findByText('starfall')).toBeTruthy();
    expect(screen.getByText('Just Chatting')).toBeTruthy();
    expect(screen.getByText('Last run was 3 hours ago')).toBeTruthy();

    const live = rowOf('Starfall live launch');
    expect(within(live).getByText('LIVE')).toBeTruthy();
    expect(within(live).getByText('45.6K followers')).toBeTruthy();
    expect(within(live).getByText('12.3K')).toBeTruthy();
    const vod = rowOf('Starfall speedrun part 2');
    expect(within(vod).getByText('Saved')).toBeTruthy();
    expect(within(vod).getByText('1:02:03')).toBeTruthy();
    expectCodeBadge(rowOf('Starfall en français'), 'fr', 'French');

    const q = calls(all, LIST).at(-1)!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({ page: '1', pageSize: '10', sortField: 'published_at', sortOrder: 'desc' });
    // Not the platform operator: no Get streams.
    expect(screen.queryByRole('button', { name: 'Get streams' })).toBeNull();
  });

  it('exports every row of the feed as CSV, with its search, filters and sort but no paging', async () => {
    const created: Blob[] = [];
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:feed'), revokeObjectURL: () => {} });
    try {
      const all = serveFeed({
        extra: (req) =>
          req.url.pathname === LIST && req.headers.accept === 'text/csv'
            ? { body: 'Title,Peak viewers\nStarfall live launch,2400\n', contentType: 'text/csv' }
            : undefined,
      });
      render();
      await screen.findByText('Starfall live launch');
      fireEvent.click(screen.getByRole('columnheader', { name: /Peak/ }).querySelector('button')!);
      await waitFor(() => expect(calls(all, LIST).at(-1)!.url.searchParams.get('sortField')).toBe('peak_viewers'));
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(created).toHaveLength(1));
      const csv = calls(all, LIST).find((c) => c.headers.accept === 'text/csv')!;
      expect(Object.fromEntries(csv.url.searchParams)).toEqual({ sortField: 'peak_viewers', sortOrder: 'asc' });
      expect(await created[0]!.text()).toContain('Starfall live launch,2400');
    } finally {
      Object.assign(URL, original);
    }
  });

  it('shows peak viewers and hours watched beside the title', async () => {
    serveFeed();
    render();
    await screen.findByText('Starfall live launch');
    expect(screen.getByRole('columnheader', { name: /Peak/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Hours watched/ })).toBeTruthy();
    expect(within(rowOf('Starfall live launch')).getByText('2.4K')).toBeTruthy();
  });

  it('filters by followers, views and Twitch tags, and clears them', async () => {
    const all = serveFeed();
    render();
    await screen.findByText('Starfall live launch');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(await screen.findByLabelText('Min followers'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '50000' } });
    const tags = screen.getByPlaceholderText('e.g. English, Speedrun');
    tags.focus();
    fireEvent.change(tags, { target: { value: 'Speedrun' } });
    // Typed but not confirmed with Enter: Apply still takes it.
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(calls(all, LIST).at(-1)!.url.searchParams.get('minFollowers')).toBe('1000'));
    const q = calls(all, LIST).at(-1)!.url.searchParams;
    expect(q.get('maxViews')).toBe('50000');
    expect(q.get('tags')).toBe('Speedrun');
    expect(q.get('page')).toBe('1');
    expect(q.get('maxFollowers')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(calls(all, LIST).at(-1)!.url.searchParams.get('minFollowers')).toBeNull());
  });

  it('refuses a minimum above the maximum', async () => {
    serveFeed();
    render();
    await screen.findByText('Starfall live launch');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(await screen.findByLabelText('Min views'), { target: { value: '900' } });
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '100' } });
    expect(screen.getByText(MSG.streams.minBelowMax)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves checked streams under a tag and deletes one from its menu', async () => {
    const bodies: { method: string; body: unknown }[] = [];
    const all = serveFeed({
      extra: (req) => {
        if (req.method === 'POST' && req.url.pathname === '/api/twitch_feed/save') {
          bodies.push({ method: 'POST', body: req.body });
          return { body: bulk(1, 1) };
        }
        if (req.method === 'DELETE' && req.url.pathname === '/api/twitch_feed') {
          bodies.push({ method: 'DELETE', body: req.body });
          return { body: bulk(1) };
        }
        return undefined;
      },
    });
    render();
    await screen.findByText('Starfall live launch');
    fireEvent.click(within(rowOf('Starfall live launch')).getByLabelText('Select row'));
    fireEvent.click(within(rowOf('Starfall en français')).getByLabelText('Select row'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Bulk action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Save to Saved Coverage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Save 2 streams')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Launch' }));
    const before = calls(all, LIST).length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.streams.partialSave(1, 1))).toBeTruthy();
    expect(bodies[0]).toEqual({ method: 'POST', body: { streams: ['1', '3'], tag_id: '21', keyword_id: FEED_ID } });
    await waitFor(() => expect(calls(all, LIST).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());

    fireEvent.click(within(rowOf('Starfall speedrun part 2')).getByLabelText('Actions for Starfall speedrun part 2'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.streams.deletedCount(1))).toBeTruthy();
    expect(bodies[1]).toEqual({ method: 'DELETE', body: { videos: ['2'], keyword_id: FEED_ID } });
  });

  it('opens the detail with Twitch’s player: the channel of a live stream, the video of an archive', async () => {
    serveFeed();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Starfall live launch' }));
    const live = await screen.findByTitle('Starfall live launch');
    expect(live.getAttribute('src')).toBe('https://player.twitch.tv/?channel=novaruns&parent=localhost&autoplay=false');
    expect(screen.getByText('Any% attempts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Starfall en français' }));
    const vod = await screen.findByTitle('Starfall en français');
    expect(vod.getAttribute('src')).toBe('https://player.twitch.tv/?video=1003&parent=localhost&autoplay=false');
  });

  it('gives the platform operator Get streams, which polls and reloads', async () => {
    const all = serveFeed({
      user: userDoc({ operator: true }),
      extra: (req) =>
        req.url.pathname === `/api/twitch_feed/${FEED_ID}/refresh`
          ? { status: 202, body: { data: { type: 'refresh', id: FEED_ID, attributes: { queued: true } } } }
          : undefined,
    });
    render();
    await screen.findByText('Starfall live launch');
    const before = calls(all, LIST).length;
    fireEvent.click(await screen.findByRole('button', { name: 'Get streams' }));
    expect(await screen.findByText(MSG.streams.refreshQueued)).toBeTruthy();
    expect(calls(all, `/api/twitch_feed/${FEED_ID}/refresh`)).toHaveLength(1);
    // The poll runs in a worker: the list is read again a moment later.
    await waitFor(() => expect(calls(all, LIST).length).toBeGreaterThan(before));
  });

  it('says why a feed finds nothing when Twitch is not connected', async () => {
    serveFeed({ info: { state: 'not_configured', latestPull: null } });
    render();
    expect(await screen.findByText('Twitch is not connected')).toBeTruthy();
    expect(screen.getByText(/set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET/)).toBeTruthy();
  });
});
