import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { TwitchFeedFormModal } from './components/twitch-feed-form-modal';
import { TwitchFeedPage } from './routes/twitch-feed-page';
import { FEED_ID, PROJECT_ID, calls, feedInfo, feedItem, renderAt, serve } from './streams-fixtures';

// Game-wide feeds and live viewer metrics in the screens (issue 30).
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const LIST = `/api/twitch_feed/${FEED_ID}`;
const VIEWERS = `/api/twitch_feed/${FEED_ID}/viewers/1`;
const SERIES = [
  { at: '2024-03-05T10:00:00Z', viewers: 300 },
  { at: '2024-03-05T10:02:00Z', viewers: 2_400 },
  { at: '2024-03-05T10:04:00Z', viewers: 900 },
];
const METRICS = { peak_viewers: 2_400, average_viewers: 1_200, hours_watched: 120, airtime: 3_723, ended_at: '2024-03-05T11:02:03Z' };

describe('live metrics in the stream feed', () => {
  it('shows peak, average and hours watched in the stream detail, with the viewers charted', async () => {
    const all = serve({
      handler: async (req) => {
        if (req.url.pathname === `${LIST}/info`) return { body: feedInfo({ keyword: '', min_viewers: 100 }) };
        if (req.url.pathname === VIEWERS) return { body: { data: SERIES, meta: METRICS } };
        if (req.method === 'GET' && req.url.pathname === LIST)
          return {
            body: listDocument(
              'twitch_video',
              [
                feedItem(1, { kind: 'stream', title: 'Starfall launch marathon' }),
                feedItem(2, { title: 'Not sampled', peak_viewers: null, average_viewers: null, hours_watched: null, airtime: null }),
              ],
              1,
              10,
            ),
          };
        return undefined;
      },
    });
    renderAt(<TwitchFeedPage />, '/twitch-feed/:projectId', `/twitch-feed/${PROJECT_ID}`);
    await screen.findByText('Starfall launch marathon');
    fireEvent.click(screen.getByRole('button', { name: 'Starfall launch marathon' }));
    const chart = await screen.findByRole('img', { name: /Viewers over time: peak 2.4K/ });
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Hours watched')).toBeTruthy();
    expect(within(dialog).getByText('120 h')).toBeTruthy();
    expect(within(dialog).getByText('1:02:03')).toBeTruthy();
    expect(calls(all, VIEWERS)).toHaveLength(1);
  });
});

describe('game-wide feed in the form', () => {
  it('creates a feed with a game and no keyword, with a minimum viewer count, previewing the whole game', async () => {
    let created: unknown;
    const all = serve({
      handler: async (req) => {
        if (req.url.pathname === '/api/twitch_feed/preview') return { body: { data: [{ id: '27471', name: 'Minecraft', box_art_url: null }] } };
        if (req.url.pathname === '/api/twitch_feed/preview_streams')
          return { body: { data: [feedItem(1, { live: true, kind: 'stream', title: 'Minecraft hardcore day 1' })] } };
        if (req.method === 'POST' && req.url.pathname === '/api/twitch_feed') {
          created = req.body;
          return { status: 201, body: feedInfo({ keyword: '', game_id: '27471', game_name: 'Minecraft', min_viewers: 50 }) };
        }
        return undefined;
      },
    });
    renderAt(<TwitchFeedFormModal opened onClose={() => {}} projectId={PROJECT_ID} />, '/twitch-feed/:projectId', `/twitch-feed/${PROJECT_ID}`);
    expect(screen.getByLabelText(/Keyword/).getAttribute('placeholder')).toBe(MSG.streams.gameWide);
    fireEvent.change(screen.getByRole('textbox', { name: /Game/ }), { target: { value: 'minec' } });
    fireEvent.click(await screen.findByText('Minecraft'));
    expect(await screen.findByText('Minecraft hardcore day 1')).toBeTruthy();
    // No keyword: the whole game (an empty parameter is left out; the server reads it as none).
    expect(calls(all, '/api/twitch_feed/preview_streams').at(-1)!.url.searchParams.get('keyword') ?? '').toBe('');
    fireEvent.change(screen.getByLabelText(/Minimum viewers/), { target: { value: '50' } });
    await waitFor(() => expect(calls(all, '/api/twitch_feed/preview_streams').at(-1)!.url.searchParams.get('min_viewers')).toBe('50'));
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toEqual({ keyword: '', project_id: PROJECT_ID, game_id: '27471', min_viewers: 50 });
  });
});
