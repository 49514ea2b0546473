import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.js';
import { startFakeDiscord, type FakeDiscord } from '../../../test/fakes/discord.js';
import { notificationOutbox } from '../../db/schema/coverage.js';
import { ingestItems, type IngestFeed } from '../crawler/service.js';
import { deliverDue } from './deliver.js';
import { claimDue, markSent } from './outbox.js';
import { enqueueMediaNotifications, type MediaNotice, type MediaNoticePayload } from './service.js';

let ctx: TestContext;
let slack: FakeSlack;
let discord: FakeDiscord;
let orgId: number;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  [slack, discord] = await Promise.all([startFakeSlack(), startFakeDiscord()]);
  orgId = (await makeOrg(ctx)).org.id;
});
afterAll(async () => {
  await Promise.all([slack?.close(), discord?.close()]);
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.deps.db
    .update(notificationOutbox)
    .set({ status: 'sent' })
    .where(inArray(notificationOutbox.status, ['pending', 'sending']));
  slack.requests.length = 0;
  discord.requests.length = 0;
});

let seq = 0;
function payload(over: Partial<MediaNoticePayload> = {}): MediaNoticePayload {
  const n = ++seq;
  return {
    feedName: 'Falcon Quest',
    keyword: 'falcon quest',
    title: `Falcon Quest review part ${n}`,
    url: `https://www.youtube.com/watch?v=vid${n}`,
    thumbnail: `https://i.ytimg.com/vi/vid${n}/mqdefault.jpg`,
    channelName: 'Birdwatch Gaming',
    audience: 125_400,
    views: 3_456,
    publishedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...over,
  };
}

function notices(subject: 'video' | 'stream', sourceId: number, channel: 'slack' | 'discord', webhookUrl: string, items: MediaNoticePayload[]): MediaNotice[] {
  return items.map((p) => ({ subject, organizationId: orgId, sourceId, itemKey: p.url, channel, webhookUrl, payload: p }));
}

const enqueue = (list: MediaNotice[]) => ctx.deps.db.transaction((tx) => enqueueMediaNotifications(tx, list));
const rowsOf = (subject: string, sourceId: number) =>
  ctx.deps.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.subject, subject), eq(notificationOutbox.sourceId, sourceId)));
const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);

describe('video and stream announcements', () => {
  it('announces a feed batch once: one Slack message with thumbnails, Discord split at 10 embeds', async () => {
    const hook = discord.webhookUrl();
    const slackHook = slack.webhookUrl();
    const items = Array.from({ length: 12 }, () => payload());
    expect(await enqueue([...notices('video', 101, 'discord', hook, items), ...notices('video', 101, 'slack', slackHook, items.slice(0, 3))])).toBe(15);
    // The same items again (a later poll, a push): nothing new is queued.
    expect(await enqueue(notices('video', 101, 'discord', hook, items))).toBe(0);

    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 15, failed: 0, retried: 0, messages: 3 });
    expect(discord.delivered().map((d) => d.payload!.embeds!.length)).toEqual([10, 2]);
    const d = discord.delivered()[0].payload!;
    expect(d.content).toBe('10 new videos for **Falcon Quest**');
    expect(d.embeds![0]).toMatchObject({
      title: items[0].title,
      url: items[0].url,
      thumbnail: { url: items[0].thumbnail },
      footer: { text: 'YouTube feed: Falcon Quest · falcon quest' },
      fields: [
        { name: 'Channel', value: 'Birdwatch Gaming' },
        { name: 'Subscribers', value: '125,400' },
        { name: 'Views', value: '3,456' },
      ],
    });
    const s = slack.delivered();
    expect(s).toHaveLength(1);
    expect(s[0].payload!.text).toBe('3 new videos for *Falcon Quest*');
    const blocks = s[0].payload!.blocks as { type: string; text?: { text: string }; accessory?: unknown; elements?: unknown[] }[];
    expect(blocks).toHaveLength(4);
    expect(blocks[0].text!.text).toBe(`*<${items[0].url}|${items[0].title}>*\nBirdwatch Gaming · 125.4K subscribers · 3.4K views · 5 min ago`);
    expect(blocks[0].accessory).toEqual({ type: 'image', image_url: items[0].thumbnail, alt_text: items[0].title });
    expect(blocks[3]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'YouTube feed: Falcon Quest · falcon quest' }] });

    expect((await rowsOf('video', 101)).every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt)).toBe(true);
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 0, messages: 0 });
  });

  it('shows a live stream as LIVE with its viewers and followers', async () => {
    const hook = slack.webhookUrl();
    const live = payload({
      feedName: 'Heron',
      keyword: 'heron',
      title: 'Heron speedrun',
      url: 'https://www.twitch.tv/heronrunner',
      live: true,
      views: 812,
      audience: 9_000,
      channelName: 'heronrunner',
    });
    const dHook = discord.webhookUrl();
    await enqueue([...notices('stream', 202, 'slack', hook, [live]), ...notices('stream', 202, 'discord', dHook, [live])]);
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 2, messages: 2 });
    const msg = slack.delivered()[0].payload!;
    expect(msg.text).toBe('New stream for *Heron*: Heron speedrun (heronrunner)');
    expect(JSON.stringify(msg.blocks)).toContain('heronrunner · 9K followers · 812 viewers · LIVE');
    expect(JSON.stringify(msg.blocks)).toContain('Twitch feed: Heron · heron');
    const embed = discord.delivered()[0].payload!.embeds![0];
    expect(embed.title).toBe('🔴 LIVE · Heron speedrun');
    expect(embed.fields).toEqual([
      { name: 'Channel', value: 'heronrunner', inline: true },
      { name: 'Followers', value: '9,000', inline: true },
      { name: 'Viewers', value: '812', inline: true },
    ]);
  });

  it('does not send twice when a sender dies after claiming (the lease lapses, another sender delivers once)', async () => {
    const hook = discord.webhookUrl();
    await enqueue(notices('video', 303, 'discord', hook, [payload(), payload()]));
    // A sender claims the rows, then dies before posting.
    const dead = await claimDue(ctx.deps.db, new Date(), 200);
    expect(dead.filter((r) => r.subject === 'video' && r.sourceId === 303)).toHaveLength(2);
    // While its lease holds, nobody else sends them.
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 0, messages: 0 });
    expect(await deliverDue(ctx.deps, { now: later(121) })).toMatchObject({ sent: 2, messages: 1 });
    expect(discord.delivered()).toHaveLength(1);
    // The dead sender's claim cannot settle (nor resend) what the second one sent.
    expect(await markSent(ctx.deps.db, dead, new Date())).toBe(0);
    expect(await deliverDue(ctx.deps, { now: later(600) })).toMatchObject({ sent: 0, messages: 0 });
    expect((await rowsOf('video', 303)).map((r) => r.attempts)).toEqual([2, 2]);
  });

  it("claims a row due later in the sender's own millisecond (PostgreSQL keeps microseconds, the sender's clock milliseconds)", async () => {
    await enqueue(notices('video', 707, 'slack', slack.webhookUrl(), [payload()]));
    const at = new Date('2031-05-06T07:08:09.123Z');
    await ctx.deps.db.execute(sql`update notification_outbox set next_attempt_at = '2031-05-06T07:08:09.123900Z' where subject = 'video' and source_id = 707`);
    expect((await claimDue(ctx.deps.db, new Date(at.getTime() - 1), 200)).filter((r) => r.subject === 'video' && r.sourceId === 707)).toHaveLength(0);
    expect((await claimDue(ctx.deps.db, at, 200)).filter((r) => r.subject === 'video' && r.sourceId === 707)).toHaveLength(1);
  });

  it('delivers a mixed batch of article matches, videos and streams, each in its own message', async () => {
    const w = await makeWebsite(ctx, { domain: 'mixed.example', reach: 5 });
    const f = await makeFeed(ctx, w.id);
    const feed: IngestFeed = { id: f.id, type: 0, language: 'en', website: { id: w.id, language: 'en', reach: w.reach, muv: null, isMetacritic: false } };
    const alertHook = discord.webhookUrl();
    await makeAlert(ctx, orgId, { keywords: 'plover', name: 'Plover', discordWebhookUrl: alertHook });
    await ingestItems(ctx.deps.db, feed, [feedItem({ url: 'https://mixed.example/plover-1', title: 'plover news', published: new Date() })], new Date());
    const mediaHook = discord.webhookUrl();
    await enqueue([
      ...notices('video', 404, 'discord', mediaHook, [payload({ feedName: 'Plover' })]),
      ...notices('stream', 404, 'discord', mediaHook, [payload({ feedName: 'Plover', url: 'https://www.twitch.tv/videos/99' })]),
    ]);
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 3, messages: 3, failed: 0 });
    const byPath = (url: string) =>
      discord
        .delivered()
        .filter((d) => d.path === new URL(url).pathname)
        .map((d) => d.payload!.content);
    expect(byPath(alertHook)).toEqual(['New mention for **Plover**']);
    expect(byPath(mediaHook).sort()).toEqual(['New stream for **Plover**', 'New video for **Plover**']);
  });

  it('waits on 429, retries 5xx, and fails a revoked webhook visibly', async () => {
    const ok = slack.webhookUrl();
    const gone = discord.webhookUrl();
    discord.revoke(gone);
    await enqueue([...notices('video', 505, 'slack', ok, [payload()]), ...notices('video', 506, 'discord', gone, [payload()])]);
    slack.rateLimitNext(1, 9);
    const t0 = new Date();
    expect(await deliverDue(ctx.deps, { now: () => t0 })).toMatchObject({ sent: 0, retried: 1, failed: 1 });
    const [waiting] = await rowsOf('video', 505);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastError: 'Slack: 429 rate_limited' });
    expect((waiting.nextAttemptAt.getTime() - t0.getTime()) / 1000).toBe(9);
    expect((await rowsOf('video', 506))[0]).toMatchObject({ status: 'failed', lastError: 'Discord: 404 Unknown Webhook (code 10015)' });
    slack.failNext(1);
    expect(await deliverDue(ctx.deps, { now: later(10) })).toMatchObject({ retried: 1 });
    expect(await deliverDue(ctx.deps, { now: later(60) })).toMatchObject({ sent: 1, failed: 0 });
    expect(slack.delivered()).toHaveLength(1);
  });
});
