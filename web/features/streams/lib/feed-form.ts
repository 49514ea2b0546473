import { isWebhookUrl } from '../../../../common/schemas/alerts';
import { FEED_KEYWORD_MESSAGE, FEED_KEYWORD_MIN } from '../../../../common/schemas/videos';
import { MSG } from '../../../../common/messages';
import type { TwitchFeed, TwitchFeedBody } from '../api/twitch-feed';

/** What the Twitch feed form edits. Numbers are '' while empty (NumberInput's empty value). */
export interface FeedDraft {
  /** '' with a game: every live stream of the game (issue 30). */
  keyword: string;
  game: { id: string; name: string } | null;
  /** Streams with fewer viewers when seen stay out ('' : no minimum). */
  minViewers: number | '';
  isEnabled: boolean;
  slackWebhookUrl: string;
  slackMinFollowers: number | '';
  discordWebhookUrl: string;
  discordMinFollowers: number | '';
}

export type FeedDraftErrors = Partial<Record<'keyword' | 'game' | 'minViewers' | 'slackWebhookUrl' | 'discordWebhookUrl', string>>;

/** Which notification fields the plan allows (flags `slack`, `discord`). */
export interface FeedChannels {
  slack: boolean;
  discord: boolean;
}

export function initialDraft(feed: TwitchFeed | null | undefined): FeedDraft {
  return {
    keyword: feed?.keyword ?? '',
    game: feed ? { id: feed.game_id, name: feed.game_name } : null,
    minViewers: feed?.min_viewers ?? '',
    isEnabled: feed?.is_enabled ?? true,
    slackWebhookUrl: feed?.slack_webhook_url ?? '',
    slackMinFollowers: feed?.slack_min_followers_notification ?? '',
    discordWebhookUrl: feed?.discord_webhook_url ?? '',
    discordMinFollowers: feed?.discord_min_followers_notification ?? '',
  };
}

const num = (v: number | '') => (v === '' ? null : v);

/**
 * Spec 000 §5 with issue 30: a game is chosen; the keyword is optional (none: the whole game) but
 * has at least 3 characters when given; the minimum viewers is a whole number ≥ 0; webhooks are
 * webhook addresses.
 */
export function validateDraft(d: FeedDraft, channels: FeedChannels): FeedDraftErrors {
  const out: FeedDraftErrors = {};
  const keyword = d.keyword.trim();
  if (!keyword && !d.game) out.keyword = MSG.streams.keywordOrGame;
  else if (keyword && keyword.length < FEED_KEYWORD_MIN) out.keyword = FEED_KEYWORD_MESSAGE;
  if (!d.game) out.game = MSG.streams.gameRequired;
  if (d.minViewers !== '' && (!Number.isInteger(d.minViewers) || d.minViewers < 0)) out.minViewers = MSG.streams.minViewers;
  if (channels.slack && d.slackWebhookUrl.trim() && !isWebhookUrl(d.slackWebhookUrl.trim())) out.slackWebhookUrl = MSG.alertsApi.webhookUrl;
  if (channels.discord && d.discordWebhookUrl.trim() && !isWebhookUrl(d.discordWebhookUrl.trim())) out.discordWebhookUrl = MSG.alertsApi.webhookUrl;
  return out;
}

/** True when nothing the server would store differs from the feed (000 §5: Save stays disabled). */
export function isUnchanged(d: FeedDraft, initial: FeedDraft): boolean {
  return (
    d.keyword.trim() === initial.keyword.trim() &&
    d.game?.id === initial.game?.id &&
    num(d.minViewers) === num(initial.minViewers) &&
    d.isEnabled === initial.isEnabled &&
    d.slackWebhookUrl.trim() === initial.slackWebhookUrl.trim() &&
    num(d.slackMinFollowers) === num(initial.slackMinFollowers) &&
    d.discordWebhookUrl.trim() === initial.discordWebhookUrl.trim() &&
    num(d.discordMinFollowers) === num(initial.discordMinFollowers)
  );
}

/** POST twitch_feed: keyword, project and game, and the notification settings that were filled in. */
export function createBody(d: FeedDraft, projectId: string, channels: FeedChannels): TwitchFeedBody {
  const body: TwitchFeedBody = { keyword: d.keyword.trim(), project_id: projectId, game_id: d.game?.id ?? '' };
  if (d.minViewers !== '') body.min_viewers = d.minViewers;
  if (channels.slack && d.slackWebhookUrl.trim()) {
    body.slack_webhook_url = d.slackWebhookUrl.trim();
    body.slack_min_followers_notification = num(d.slackMinFollowers);
  }
  if (channels.discord && d.discordWebhookUrl.trim()) {
    body.discord_webhook_url = d.discordWebhookUrl.trim();
    body.discord_min_followers_notification = num(d.discordMinFollowers);
  }
  return body;
}

/**
 * PATCH twitch_feed/{id} (000 §5): only the keyword or game when changed, the enabled switch when
 * flipped, and the webhook settings that are filled in and changed. A webhook that was set and is
 * now emptied is sent as null: the person asked for it to go, and leaving it out would keep it.
 */
export function updateBody(d: FeedDraft, initial: FeedDraft, channels: FeedChannels): TwitchFeedBody {
  const body: TwitchFeedBody = {};
  if (d.keyword.trim() !== initial.keyword.trim()) body.keyword = d.keyword.trim();
  if (d.game && d.game.id !== initial.game?.id) body.game_id = d.game.id;
  if (num(d.minViewers) !== num(initial.minViewers)) body.min_viewers = num(d.minViewers);
  if (d.isEnabled !== initial.isEnabled) body.is_enabled = d.isEnabled;
  const groups = [
    {
      on: channels.slack,
      url: 'slack_webhook_url',
      min: 'slack_min_followers_notification',
      d: [d.slackWebhookUrl, d.slackMinFollowers],
      i: [initial.slackWebhookUrl, initial.slackMinFollowers],
    },
    {
      on: channels.discord,
      url: 'discord_webhook_url',
      min: 'discord_min_followers_notification',
      d: [d.discordWebhookUrl, d.discordMinFollowers],
      i: [initial.discordWebhookUrl, initial.discordMinFollowers],
    },
  ] as const;
  for (const g of groups) {
    if (!g.on) continue;
    const url = String(g.d[0]).trim();
    const before = String(g.i[0]).trim();
    const min = num(g.d[1] as number | '');
    if (url && url !== before) body[g.url] = url;
    else if (!url && before) body[g.url] = null;
    if (url && min !== num(g.i[1] as number | '')) body[g.min] = min;
  }
  return body;
}
