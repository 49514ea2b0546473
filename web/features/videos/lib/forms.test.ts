import { describe, expect, it } from 'vitest';
import { FEED_KEYWORD_MESSAGE } from '../../../../common/schemas/videos';
import { changedFeedBody, createFeedBody, feedFormErrors, type FeedFormValues } from './feed-form';
import { changedSavedBody, type SavedEditValues } from './saved-edit';

const both = { slack: true, discord: true };
const feed: FeedFormValues = {
  keyword: 'starfall',
  slackWebhookUrl: 'https://hooks.slack.com/services/T/B/x',
  slackMinSubs: 100,
  discordWebhookUrl: '',
  discordMinSubs: null,
  isEnabled: true,
};

describe('feed form bodies', () => {
  it('sends nothing when nothing changed, and only the changed keyword', () => {
    expect(changedFeedBody(feed, feed, both)).toEqual({});
    expect(changedFeedBody(feed, { ...feed, keyword: ' starfall 2 ' }, both)).toEqual({ keyword: 'starfall 2' });
  });

  it('sends filled-in webhook settings that changed, null for an emptied address, and the switch', () => {
    expect(changedFeedBody(feed, { ...feed, slackMinSubs: 500 }, both)).toEqual({ slack_min_subs_notification: 500 });
    // An emptied minimum is not sent (only non-empty settings).
    expect(changedFeedBody(feed, { ...feed, slackMinSubs: null }, both)).toEqual({});
    expect(changedFeedBody(feed, { ...feed, discordWebhookUrl: 'https://discord.com/api/webhooks/1/a' }, both)).toEqual({
      discord_webhook_url: 'https://discord.com/api/webhooks/1/a',
    });
    expect(changedFeedBody(feed, { ...feed, slackWebhookUrl: '' }, both)).toEqual({ slack_webhook_url: null });
    expect(changedFeedBody(feed, { ...feed, isEnabled: false }, both)).toEqual({ is_enabled: false });
    // Settings the plan lacks are never sent.
    expect(changedFeedBody(feed, { ...feed, slackWebhookUrl: 'https://hooks.slack.com/services/T/B/y' }, { slack: false, discord: true })).toEqual({});
  });

  it('creates with the keyword and the allowed notifications only', () => {
    expect(createFeedBody('3', feed, { slack: false, discord: false })).toEqual({ keyword: 'starfall', project_id: '3' });
    expect(createFeedBody('3', feed, both)).toEqual({
      keyword: 'starfall',
      project_id: '3',
      slack_webhook_url: 'https://hooks.slack.com/services/T/B/x',
      slack_min_subs_notification: 100,
    });
  });

  it('checks the keyword and webhook addresses', () => {
    expect(feedFormErrors({ ...feed, keyword: ' ab ' }, both).keyword).toBe(FEED_KEYWORD_MESSAGE);
    expect(feedFormErrors({ ...feed, slackWebhookUrl: 'not a link' }, both).slackWebhookUrl).toBeTruthy();
    expect(feedFormErrors(feed, both)).toEqual({});
  });
});

describe('saved video edit body', () => {
  const saved: SavedEditValues = {
    tagId: '21',
    title: 'Title',
    description: 'Line 1\nLine 2',
    views: 10,
    channelSubscribers: 20,
    channelLanguage: 'en',
    channelCountry: 'US',
    publishedAt: '2024-03-05',
  };

  it('sends only non-empty changed fields in the spec names', () => {
    expect(changedSavedBody(saved, saved)).toEqual({});
    expect(
      changedSavedBody(saved, { ...saved, tagId: '22', title: '', description: '', views: null, channelCountry: 'FR', publishedAt: '2024-03-06' }),
    ).toEqual({ tag_id: '22', channel_country: 'FR', published_at: '2024-03-06' });
    expect(changedSavedBody(saved, { ...saved, description: 'Line 1\n\nLine 2 ', channelSubscribers: 0 })).toEqual({
      description: 'Line 1\n\nLine 2 ',
      channel_subscribers: 0,
    });
  });
});
