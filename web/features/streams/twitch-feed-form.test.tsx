import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { flatten, tokenStore } from '../../lib/api';
import type { TwitchFeedAttributes } from './api/twitch-feed';
import { TwitchFeedFormModal } from './components/twitch-feed-form-modal';
import { FEED_ID, PROJECT_ID, calls, feedInfo, feedItem, renderAt, serve, userDoc, type Handler } from './streams-fixtures';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const GAMES = {
  data: [
    { id: '509658', name: 'Starfall Odyssey', box_art_url: 'https://static-cdn.jtvnw.net/ttv-boxart/509658-{width}x{height}.jpg' },
    { id: '33214', name: 'Starfield', box_art_url: null },
  ],
};

function serveForm(extra?: Handler) {
  return serve({
    handler: async (req) => {
      const e = await extra?.(req);
      if (e) return e;
      if (req.url.pathname === '/api/twitch_feed/preview') return { body: GAMES };
      if (req.url.pathname === '/api/twitch_feed/preview_streams')
        return { body: { data: [feedItem(1, { live: true, kind: 'stream', title: 'Starfall live now' })] } };
      return undefined;
    },
  });
}

const renderModal = (feed?: TwitchFeedAttributes & { id: string }) =>
  renderAt(<TwitchFeedFormModal opened onClose={() => {}} projectId={PROJECT_ID} feed={feed} />, '/twitch-feed/:projectId', `/twitch-feed/${PROJECT_ID}`);

const saveButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Twitch feed creation', () => {
  it('looks games up only after a pause and with more than 2 characters, then previews and creates the feed', async () => {
    let created: unknown;
    const all = serveForm((req) => {
      if (req.method === 'POST' && req.url.pathname === '/api/twitch_feed') {
        created = req.body;
        return { status: 201, body: feedInfo() };
      }
      return undefined;
    });
    renderModal();
    fireEvent.change(screen.getByLabelText(/Keyword/), { target: { value: 'starfall' } });
    // A keyword alone is not enough: the game is required.
    expect(saveButton('Create feed').disabled).toBe(true);

    const game = screen.getByRole('textbox', { name: /Game/ });
    fireEvent.change(game, { target: { value: 'st' } });
    expect(await screen.findByText('Type at least 3 characters')).toBeTruthy();
    for (const v of ['sta', 'star', 'starf']) fireEvent.change(game, { target: { value: v } });

    fireEvent.click(await screen.findByText('Starfall Odyssey'));
    const lookups = calls(all, '/api/twitch_feed/preview');
    // Typing fast is one lookup, for what was typed last; two characters are never looked up.
    expect(lookups.map((c) => c.url.searchParams.get('searchTerm'))).toEqual(['starf']);

    expect(await screen.findByText('Starfall live now')).toBeTruthy();
    const preview = calls(all, '/api/twitch_feed/preview_streams').at(-1)!;
    expect(preview.url.searchParams.get('keyword')).toBe('starfall');
    expect(preview.url.searchParams.get('game_id')).toBe('509658');

    fireEvent.change(await screen.findByLabelText('Discord webhook URL'), { target: { value: 'https://discord.com/api/webhooks/9/xyz' } });
    fireEvent.change(screen.getAllByLabelText('Minimum followers')[1], { target: { value: '500' } });
    expect(saveButton('Create feed').disabled).toBe(false);
    fireEvent.click(saveButton('Create feed'));

    await waitFor(() => expect(created).toBeDefined());
    expect(created).toEqual({
      keyword: 'starfall',
      project_id: PROJECT_ID,
      game_id: '509658',
      discord_webhook_url: 'https://discord.com/api/webhooks/9/xyz',
      discord_min_followers_notification: 500,
    });
    expect(await screen.findByText(MSG.streams.created)).toBeTruthy();
  });

  it('says what a plan without Slack lacks and offers only Discord', async () => {
    serve({ user: userDoc({ permissions: { twitch_feed: true, slack: false, discord: true } }) });
    renderModal();
    expect(await screen.findByLabelText('Discord webhook URL')).toBeTruthy();
    expect(screen.getByText('Slack notifications')).toBeTruthy();
    expect(screen.getAllByText(MSG.streams.upgrade)).toHaveLength(1);
    expect(screen.queryByLabelText('Slack webhook URL')).toBeNull();
    // A new feed always starts: the pause switch is for existing feeds.
    expect(screen.queryByLabelText('Feed enabled')).toBeNull();
  });

  it('says which variables to set when Twitch is not connected', async () => {
    serve({
      handler: (req) =>
        req.url.pathname === '/api/twitch_feed/preview'
          ? { status: 503, body: { errors: [{ status: '503', code: 'not_connected', title: 'Not connected', detail: MSG.streams.notConnected }] } }
          : undefined,
    });
    renderModal();
    const game = screen.getByRole('textbox', { name: /Game/ });
    game.focus();
    fireEvent.change(game, { target: { value: 'minecraft' } });
    expect(await screen.findByText(MSG.streams.notConnected)).toBeTruthy();
    expect(saveButton('Create feed').disabled).toBe(true);
  });
});

describe('Twitch feed edit', () => {
  const feed = flatten(feedInfo().data) as TwitchFeedAttributes & { id: string };

  it('keeps Save disabled while nothing changed and sends only what changed', async () => {
    let patched: unknown;
    serveForm((req) => {
      if (req.method === 'PATCH' && req.url.pathname === `/api/twitch_feed/${FEED_ID}`) {
        patched = req.body;
        return { body: feedInfo({ keyword: 'starfall odyssey' }) };
      }
      return undefined;
    });
    renderModal(feed);
    expect((screen.getByLabelText(/Keyword/) as HTMLInputElement).value).toBe('starfall');
    expect((screen.getByRole('textbox', { name: /Game/ }) as HTMLInputElement).value).toBe('Just Chatting');
    expect(saveButton('Save changes').disabled).toBe(true);

    // Typing the same keyword back is no change either.
    fireEvent.change(screen.getByLabelText(/Keyword/), { target: { value: 'starfall ' } });
    expect(saveButton('Save changes').disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(/Keyword/), { target: { value: 'starfall odyssey' } });
    expect(saveButton('Save changes').disabled).toBe(false);
    fireEvent.click(saveButton('Save changes'));

    await waitFor(() => expect(patched).toBeDefined());
    // Not the game, not the unchanged Discord settings, not the empty Slack ones.
    expect(patched).toEqual({ keyword: 'starfall odyssey' });
    expect(await screen.findByText(MSG.streams.updated)).toBeTruthy();
  });

  it('sends a cleared webhook as null and a paused feed as is_enabled false', async () => {
    let patched: unknown;
    serveForm((req) => {
      if (req.method === 'PATCH') {
        patched = req.body;
        return { body: feedInfo() };
      }
      return undefined;
    });
    renderModal(feed);
    fireEvent.change(await screen.findByLabelText('Discord webhook URL'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Feed enabled'));
    fireEvent.click(saveButton('Save changes'));
    await waitFor(() => expect(patched).toEqual({ is_enabled: false, discord_webhook_url: null }));
  });
});

describe('Twitch feed webhooks checked when saved', () => {
  const feed = flatten(feedInfo().data) as TwitchFeedAttributes & { id: string };

  it("shows each service's answer to the test message: sent in green, a failure with the service's words", async () => {
    serveForm((req) =>
      req.method === 'PATCH'
        ? {
            body: {
              ...feedInfo(),
              meta: {
                notification_tests: {
                  slack: { ok: true, status: 200, message: MSG.webhooks.testSent('Slack') },
                  discord: { ok: false, status: 404, message: 'Discord answered 404 Unknown Webhook (code 10015)' },
                },
              },
            },
          }
        : undefined,
    );
    renderModal(feed);
    fireEvent.change(await screen.findByLabelText('Slack webhook URL'), { target: { value: 'https://hooks.slack.com/services/T0/B0/x' } });
    fireEvent.change(screen.getByLabelText('Discord webhook URL'), { target: { value: 'https://discord.com/api/webhooks/1/revoked' } });
    fireEvent.click(saveButton('Save changes'));
    expect(await screen.findByText(MSG.webhooks.testSent('Slack'))).toBeTruthy();
    expect(screen.getByText('The Discord test message failed')).toBeTruthy();
    expect(screen.getByText('Discord answered 404 Unknown Webhook (code 10015)')).toBeTruthy();
    expect(screen.getByText(MSG.streams.updated)).toBeTruthy();
  });

  it("shows the server's refusal of a URL that is not the service's at its field, and keeps the form open", async () => {
    serveForm((req) =>
      req.method === 'PATCH'
        ? {
            status: 422,
            body: { errors: [{ status: '422', code: 'validation_failed', detail: MSG.webhooks.slackHost, source: { pointer: '/slack_webhook_url' } }] },
          }
        : undefined,
    );
    renderModal(feed);
    fireEvent.change(await screen.findByLabelText('Slack webhook URL'), { target: { value: 'https://discord.com/api/webhooks/1/abc' } });
    fireEvent.click(saveButton('Save changes'));
    expect(await screen.findByText(MSG.webhooks.slackHost)).toBeTruthy();
    expect(screen.queryByText(MSG.streams.updated)).toBeNull();
  });
});
