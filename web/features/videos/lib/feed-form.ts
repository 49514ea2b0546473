import { FEED_KEYWORD_MESSAGE, feedKeywordSchema } from '../../../../common/schemas/videos';
import { webhookUrlSchema } from '../../../../common/schemas/alerts';
import type { FeedCreateBody, FeedUpdateBody, YoutubeFeedAttributes } from '../api/youtube-feed';

/** The create / edit feed form. Webhook addresses are '' when not set. */
export interface FeedFormValues {
  keyword: string;
  slackWebhookUrl: string;
  slackMinSubs: number | null;
  discordWebhookUrl: string;
  discordMinSubs: number | null;
  isEnabled: boolean;
}

/** Which notification settings the plan allows (flags slack and discord). */
export interface NotificationPlan {
  slack: boolean;
  discord: boolean;
}

export const EMPTY_FEED_FORM: FeedFormValues = {
  keyword: '',
  slackWebhookUrl: '',
  slackMinSubs: null,
  discordWebhookUrl: '',
  discordMinSubs: null,
  isEnabled: true,
};

export function feedFormValues(feed: YoutubeFeedAttributes | undefined): FeedFormValues {
  if (!feed) return EMPTY_FEED_FORM;
  return {
    keyword: feed.keyword,
    slackWebhookUrl: feed.slack_webhook_url ?? '',
    slackMinSubs: feed.slack_min_subs_notification,
    discordWebhookUrl: feed.discord_webhook_url ?? '',
    discordMinSubs: feed.discord_min_subs_notification,
    isEnabled: feed.is_enabled,
  };
}

/** Field errors of the form (keyword rule, webhook addresses), keyed by form field. */
export function feedFormErrors(v: FeedFormValues, plan: NotificationPlan): Partial<Record<keyof FeedFormValues, string>> {
  const errors: Partial<Record<keyof FeedFormValues, string>> = {};
  const keyword = feedKeywordSchema.safeParse(v.keyword);
  if (!keyword.success) errors.keyword = keyword.error.issues[0]?.message ?? FEED_KEYWORD_MESSAGE;
  const checkUrl = (field: 'slackWebhookUrl' | 'discordWebhookUrl', allowed: boolean) => {
    if (!allowed || !v[field].trim()) return;
    const r = webhookUrlSchema.safeParse(v[field]);
    if (!r.success) errors[field] = r.error.issues[0]?.message;
  };
  checkUrl('slackWebhookUrl', plan.slack);
  checkUrl('discordWebhookUrl', plan.discord);
  return errors;
}

/**
 * POST youtube_feed: the keyword, and the notification settings the plan allows and the user
 * filled in (a minimum without its webhook means nothing and is not sent).
 */
export function createFeedBody(projectId: string, v: FeedFormValues, plan: NotificationPlan): FeedCreateBody {
  const body: FeedCreateBody = { keyword: v.keyword.trim(), project_id: projectId };
  if (plan.slack && v.slackWebhookUrl.trim()) {
    body.slack_webhook_url = v.slackWebhookUrl.trim();
    body.slack_min_subs_notification = v.slackMinSubs;
  }
  if (plan.discord && v.discordWebhookUrl.trim()) {
    body.discord_webhook_url = v.discordWebhookUrl.trim();
    body.discord_min_subs_notification = v.discordMinSubs;
  }
  return body;
}

/**
 * PATCH youtube_feed/{id} (spec 000 §5: "feed update sends only changed keyword and non-empty
 * webhook settings"): the keyword when it changed, each webhook setting when it is filled in and
 * changed, the enabled switch when it changed. One exception, so that a webhook can be removed at
 * all: an address that was set and is now emptied is sent as null.
 */
export function changedFeedBody(initial: FeedFormValues, v: FeedFormValues, plan: NotificationPlan): FeedUpdateBody {
  const body: FeedUpdateBody = {};
  const keyword = v.keyword.trim();
  if (keyword !== initial.keyword.trim()) body.keyword = keyword;

  const webhook = (allowed: boolean, urlNow: string, urlBefore: string, minNow: number | null, minBefore: number | null) => {
    if (!allowed) return {};
    const url = urlNow.trim();
    const out: { url?: string | null; min?: number | null } = {};
    if (url && url !== urlBefore.trim()) out.url = url;
    else if (!url && urlBefore.trim()) out.url = null;
    if (url && minNow !== null && minNow !== minBefore) out.min = minNow;
    return out;
  };
  const slack = webhook(plan.slack, v.slackWebhookUrl, initial.slackWebhookUrl, v.slackMinSubs, initial.slackMinSubs);
  if (slack.url !== undefined) body.slack_webhook_url = slack.url;
  if (slack.min !== undefined) body.slack_min_subs_notification = slack.min;
  const discord = webhook(plan.discord, v.discordWebhookUrl, initial.discordWebhookUrl, v.discordMinSubs, initial.discordMinSubs);
  if (discord.url !== undefined) body.discord_webhook_url = discord.url;
  if (discord.min !== undefined) body.discord_min_subs_notification = discord.min;

  if (v.isEnabled !== initial.isEnabled) body.is_enabled = v.isEnabled;
  return body;
}
