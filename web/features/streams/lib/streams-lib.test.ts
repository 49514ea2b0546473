import { MSG } from '../../../../common/messages';
import { describe, expect, it } from 'vitest';
import { parseTwitchUrl } from '../../../../common/schemas/streams';
import { createBody, initialDraft, isUnchanged, updateBody, validateDraft, type FeedDraft } from './feed-form';
import { formatDuration } from './format';
import { playerSource } from './player';
import { EMPTY_STREAM_FILTERS, countStreamFilters, filtersInvalid, normalizeStreamFilters, streamFilterQuery } from './stream-filters';

const both = { slack: true, discord: true };
const feed = {
  id: '41',
  keyword: 'starfall',
  project_id: '3',
  game_id: '509658',
  game_name: 'Just Chatting',
  min_viewers: null,
  latestPull: null,
  is_enabled: true,
  slack_webhook_url: 'https://hooks.slack.com/services/T/B/x',
  slack_min_followers_notification: 100,
  discord_webhook_url: null,
  discord_min_followers_notification: null,
  state: 'ok' as const,
  last_error: null,
  next_check_at: null,
  total_items: 0,
  'inserted-at': '',
  'updated-at': '',
};

describe('feed form', () => {
  it('needs a keyword of 3 characters and a game, and checks webhook addresses the plan allows', () => {
    const d: FeedDraft = { ...initialDraft(null), keyword: 'ab', discordWebhookUrl: 'not a web address' };
    expect(Object.keys(validateDraft(d, both)).sort()).toEqual(['discordWebhookUrl', 'game', 'keyword']);
    // A field the plan hides is not checked (and never sent).
    expect(validateDraft(d, { slack: true, discord: false }).discordWebhookUrl).toBeUndefined();
  });

  it('takes a game without a keyword (the whole game), a minimum viewer count, and says what is missing when neither is given', () => {
    const gameWide: FeedDraft = { ...initialDraft(null), game: { id: '27471', name: 'Minecraft' } };
    expect(validateDraft(gameWide, both)).toEqual({});
    expect(validateDraft({ ...initialDraft(null) }, both)).toEqual({ keyword: MSG.streams.keywordOrGame, game: MSG.streams.gameRequired });
    expect(validateDraft({ ...gameWide, minViewers: -1 }, both)).toEqual({ minViewers: MSG.streams.minViewers });
    expect(validateDraft({ ...gameWide, minViewers: 2.5 }, both)).toEqual({ minViewers: MSG.streams.minViewers });
    expect(createBody({ ...gameWide, minViewers: 50 }, '3', both)).toEqual({ keyword: '', project_id: '3', game_id: '27471', min_viewers: 50 });
    const initial = initialDraft(feed);
    expect(updateBody({ ...initial, keyword: '', minViewers: 10 }, initial, both)).toEqual({ keyword: '', min_viewers: 10 });
    expect(updateBody({ ...initial, minViewers: '' }, { ...initial, minViewers: 10 }, both)).toEqual({ min_viewers: null });
  });

  it('creates with the filled-in settings only, and never sends what the plan lacks', () => {
    const d: FeedDraft = {
      ...initialDraft(null),
      keyword: ' starfall ',
      game: { id: '1', name: 'G' },
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/x',
      slackMinFollowers: 10,
      discordMinFollowers: 5,
    };
    expect(createBody(d, '3', both)).toEqual({
      keyword: 'starfall',
      project_id: '3',
      game_id: '1',
      slack_webhook_url: 'https://hooks.slack.com/services/T/B/x',
      slack_min_followers_notification: 10,
    });
    expect(createBody(d, '3', { slack: false, discord: false })).toEqual({ keyword: 'starfall', project_id: '3', game_id: '1' });
  });

  it('updates with what changed: a new game, a new minimum, nothing for untouched or empty fields', () => {
    const initial = initialDraft(feed);
    expect(isUnchanged({ ...initial, keyword: 'starfall  ' }, initial)).toBe(true);
    const d = { ...initial, game: { id: '27471', name: 'Minecraft' }, slackMinFollowers: 250 as const };
    expect(isUnchanged(d, initial)).toBe(false);
    expect(updateBody(d, initial, both)).toEqual({ game_id: '27471', slack_min_followers_notification: 250 });
    // A minimum without its webhook is not sent.
    expect(updateBody({ ...initial, discordMinFollowers: 9 }, initial, both)).toEqual({});
  });
});

describe('stream filters', () => {
  it('sends only what filters, and counts each filter once', () => {
    const f = normalizeStreamFilters({
      ...EMPTY_STREAM_FILTERS,
      startDate: '2024-03-01',
      endDate: null,
      minFollowers: 0,
      languages: ['en', 'fr'],
      tags: [' Speedrun ', ''],
    });
    expect(streamFilterQuery(f)).toEqual({ minFollowers: 0, languages: 'en,fr', tags: 'Speedrun' });
    expect(countStreamFilters(f)).toBe(3);
    expect(filtersInvalid({ ...f, minViews: 10, maxViews: 9 })).toBe(true);
    expect(filtersInvalid({ ...f, minViews: 10, maxViews: 10 })).toBe(false);
  });
});

describe('player and formats', () => {
  it('plays a video by id and a stream by its channel, read from the address first', () => {
    expect(playerSource({ kind: 'video', twitch_video_id: '55', url: 'https://www.twitch.tv/videos/66', broadcaster_name: 'Nova' })).toEqual({
      platform: 'twitch',
      videoId: '66',
    });
    expect(playerSource({ kind: 'stream', twitch_video_id: null, url: 'https://www.twitch.tv/NovaRuns', broadcaster_name: 'Nova Runs' })).toEqual({
      platform: 'twitch',
      channel: 'novaruns',
    });
    expect(playerSource({ kind: 'video', twitch_video_id: '55', url: null, broadcaster_name: 'x' })).toEqual({ platform: 'twitch', videoId: '55' });
    expect(playerSource({ kind: 'stream', twitch_video_id: null, url: null, broadcaster_name: 'Nova Runs' })).toBeNull();
    expect(parseTwitchUrl('https://www.twitch.tv/videos/66')).toEqual({ video: '66' });
  });

  it('reads Twitch durations', () => {
    expect(formatDuration('3h2m1s')).toBe('3:02:01');
    expect(formatDuration('2m5s')).toBe('2:05');
    expect(formatDuration('45s')).toBe('0:45');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration('odd')).toBe('odd');
  });
});
