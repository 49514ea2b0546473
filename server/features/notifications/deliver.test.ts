import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.js';
import { embedChars, startFakeDiscord, type FakeDiscord } from '../../../test/fakes/discord.js';
import { alerts, notificationOutbox } from '../../db/schema/coverage.js';
import { ingestItems, type IngestFeed } from '../crawler/service.js';
import { deliverDue, kickNotifier } from './deliver.js';
import { REPEAT_NOTE } from './format.js';
import { claimDue, CLAIM_LEASE_SECONDS, markPosting } from './outbox.js';

let ctx: TestContext;
let slack: FakeSlack;
let discord: FakeDiscord;
let orgId: number;
let feed: IngestFeed;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  [slack, discord] = await Promise.all([startFakeSlack(), startFakeDiscord()]);
  orgId = (await makeOrg(ctx)).org.id;
  const w = await makeWebsite(ctx, { domain: 'gamesite.example', reach: 7.5 });
  const f = await makeFeed(ctx, w.id);
  feed = { id: f.id, type: 0, language: 'en', website: { id: w.id, language: 'en', reach: w.reach, muv: null, isMetacritic: false } };
});
afterAll(async () => {
  await Promise.all([slack?.close(), discord?.close()]);
  await ctx?.close();
});
beforeEach(async () => {
  // Rows left by a previous test must not be delivered by this one.
  await ctx.deps.db
    .update(notificationOutbox)
    .set({ status: 'sent' })
    .where(inArray(notificationOutbox.status, ['pending', 'sending']));
  slack.requests.length = 0;
  discord.requests.length = 0;
});

let n = 0;
async function matchArticles(keyword: string, count: number, opts: { title?: (i: number) => string; description?: string } = {}) {
  const items = Array.from({ length: count }, (_, i) =>
    feedItem({
      url: `https://gamesite.example/${keyword}-${n++}`,
      title: opts.title ? opts.title(i) : `${keyword} story ${i}`,
      description: opts.description ?? 'Short summary',
      published: new Date(Date.now() - i * 60_000),
    }),
  );
  return ingestItems(ctx.deps.db, feed, items, new Date());
}

const outboxOf = (alertId: number) => ctx.deps.db.select().from(notificationOutbox).where(eq(notificationOutbox.alertId, alertId));
const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);

describe('deliverDue', () => {
  it('groups an alert batch into one message per channel, split at the services limits', async () => {
    const alert = await makeAlert(ctx, orgId, {
      keywords: 'falcon',
      name: 'Falcon <brand>',
      slackWebhookUrl: slack.webhookUrl(),
      discordWebhookUrl: discord.webhookUrl(),
    });
    const r = await matchArticles('falcon', 25);
    expect(r.notifications).toBe(50);
    const report = await deliverDue(ctx.deps);
    expect(report).toMatchObject({ sent: 50, failed: 0, retried: 0 });
    // Slack: 20 + 5 articles; Discord: 10 + 10 + 5 embeds.
    expect(slack.delivered().map((d) => d.payload!.blocks!.length - 1)).toEqual([20, 5]);
    expect(discord.delivered().map((d) => d.payload!.embeds!.length)).toEqual([10, 10, 5]);
    const first = slack.delivered()[0].payload!;
    expect(first.text).toBe('20 new mentions for *Falcon &lt;brand&gt;*');
    expect(JSON.stringify(first.blocks![0])).toMatch(
      /<https:\/\/gamesite\.example\/falcon-\d+\|falcon story 0>\*\\ngamesite\.example · Media score 7\.5 · (just now|\d+ min ago)/,
    );
    expect(first.blocks!.at(-1)).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Alert: Falcon &lt;brand&gt;' }] });
    const embed = discord.delivered()[0].payload!.embeds![0];
    expect(embed).toMatchObject({ title: 'falcon story 0', color: 0x2ecc71, footer: { text: 'Alert: Falcon <brand>' } });
    expect(discord.delivered()[0].payload).toMatchObject({ content: '10 new mentions for **Falcon <brand>**', allowed_mentions: { parse: [] } });
    const rows = await outboxOf(alert.id);
    expect(rows.every((x) => x.status === 'sent' && x.sentAt && x.attempts === 1)).toBe(true);
    // Nothing left: a second run sends nothing.
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 0, messages: 0 });
  });

  it('keeps each Discord message under 6000 embed characters', async () => {
    await makeAlert(ctx, orgId, { keywords: 'heron', discordWebhookUrl: discord.webhookUrl() });
    await matchArticles('heron', 10, { title: (i) => `heron ${i} ${'x'.repeat(400)}`, description: 'y'.repeat(1000) });
    const report = await deliverDue(ctx.deps);
    expect(report).toMatchObject({ sent: 10, failed: 0 });
    expect(discord.requests.every((r) => r.status === 204)).toBe(true);
    expect(discord.requests.length).toBeGreaterThan(1);
    for (const r of discord.requests) expect(r.payload!.embeds!.reduce((s, e) => s + embedChars(e), 0)).toBeLessThanOrEqual(6000);
  });

  it('waits as long as Slack and Discord ask on 429, then delivers once', async () => {
    const alert = await makeAlert(ctx, orgId, { keywords: 'osprey', slackWebhookUrl: slack.webhookUrl(), discordWebhookUrl: discord.webhookUrl() });
    await matchArticles('osprey', 3);
    slack.rateLimitNext(1, 7);
    discord.rateLimitNext(1, 2.5);
    // A fixed clock, so the waits are exact: Slack's Retry-After, Discord's float `retry_after`
    // from the body (its Retry-After header says 3, rounded up).
    const t0 = new Date();
    const first = await deliverDue(ctx.deps, { now: () => t0 });
    expect(first).toMatchObject({ sent: 0, retried: 6 });
    const rows = await outboxOf(alert.id);
    const wait = (channel: string) => rows.filter((x) => x.channel === channel).map((x) => (x.nextAttemptAt.getTime() - t0.getTime()) / 1000);
    expect(wait('slack')).toEqual([7, 7, 7]);
    expect(wait('discord')).toEqual([2.5, 2.5, 2.5]);
    expect(rows.every((x) => x.status === 'pending')).toBe(true);
    expect(new Set(rows.map((x) => x.lastError))).toEqual(new Set(['Slack: 429 rate_limited', 'Discord: 429 You are being rate limited.']));
    // Not yet due: nothing is sent early.
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 0, messages: 0 });
    expect(await deliverDue(ctx.deps, { now: later(10) })).toMatchObject({ sent: 6, messages: 2 });
    expect(slack.delivered()).toHaveLength(1);
    expect(discord.delivered()).toHaveLength(1);
    // The rate-limited attempt is not counted.
    expect((await outboxOf(alert.id)).every((x) => x.status === 'sent' && x.lastError === null && x.attempts === 1)).toBe(true);
  });

  it('retries a 5xx with back-off and fails a 4xx for good, visibly, in the service own words', async () => {
    const ok = await makeAlert(ctx, orgId, { keywords: 'kestrel', slackWebhookUrl: slack.webhookUrl() });
    const revokedUrl = discord.webhookUrl();
    const gone = await makeAlert(ctx, orgId, { keywords: 'kestrel', discordWebhookUrl: revokedUrl });
    const revokedSlackUrl = slack.webhookUrl();
    const goneSlack = await makeAlert(ctx, orgId, { keywords: 'kestrel', slackWebhookUrl: revokedSlackUrl });
    discord.revoke(revokedUrl);
    slack.revoke(revokedSlackUrl);
    await matchArticles('kestrel', 2);
    slack.failNext(1);
    const t0 = Date.now();
    const first = await deliverDue(ctx.deps);
    expect(first).toMatchObject({ sent: 0, retried: 2, failed: 4 });
    const failed = await outboxOf(gone.id);
    expect(failed.map((x) => [x.status, x.lastError])).toEqual([
      ['failed', 'Discord: 404 Unknown Webhook (code 10015)'],
      ['failed', 'Discord: 404 Unknown Webhook (code 10015)'],
    ]);
    const failedSlack = await outboxOf(goneSlack.id);
    expect(failedSlack.map((x) => [x.status, x.lastError])).toEqual([
      ['failed', 'Slack: 404 no_service (the webhook was revoked)'],
      ['failed', 'Slack: 404 no_service (the webhook was revoked)'],
    ]);
    const retried = await outboxOf(ok.id);
    for (const x of retried) {
      expect(x.status).toBe('pending');
      expect(x.lastError).toBe('Slack: 500 rollup_error (a temporary error at Slack)');
      expect((x.nextAttemptAt.getTime() - t0) / 1000).toBeGreaterThanOrEqual(29);
    }
    expect(await deliverDue(ctx.deps, { now: later(31) })).toMatchObject({ sent: 2, failed: 0 });
    // The failed rows stay failed: never retried silently.
    expect(await deliverDue(ctx.deps, { now: later(7200) })).toMatchObject({ sent: 0, failed: 0 });
    expect((await outboxOf(gone.id)).every((x) => x.status === 'failed')).toBe(true);
    expect(slack.delivered()).toHaveLength(1);
  });

  it('never sends a row twice when deliveries run concurrently', async () => {
    const alert = await makeAlert(ctx, orgId, { keywords: 'plover', slackWebhookUrl: slack.webhookUrl(), discordWebhookUrl: discord.webhookUrl() });
    await matchArticles('plover', 40);
    const reports = await Promise.all([deliverDue(ctx.deps), deliverDue(ctx.deps), kickNotifier(ctx.deps).then(() => null)]);
    // The kick's own run reports nowhere and may claim every row first on a busy machine, so
    // the two reports add up to at most 80; what each service received is counted below.
    const sent = reports.reduce((s, r) => s + (r?.sent ?? 0), 0);
    expect(sent).toBeLessThanOrEqual(80);
    const links = (list: typeof slack.requests) =>
      list.flatMap((d) => (d.payload!.blocks ?? []).map((b) => JSON.stringify(b)).filter((s) => s.includes('plover-')));
    const slackLinks = links(slack.delivered());
    expect(slackLinks).toHaveLength(40);
    expect(new Set(slackLinks).size).toBe(40);
    const embeds = discord.delivered().flatMap((d) => d.payload!.embeds!.map((e) => e.url));
    expect(embeds).toHaveLength(40);
    expect(new Set(embeds).size).toBe(40);
    expect((await outboxOf(alert.id)).every((x) => x.status === 'sent' && x.attempts === 1)).toBe(true);
  });

  it('after a sender died while posting, reposts every row it held and reports only the ones it was posting', async () => {
    const alert = await makeAlert(ctx, orgId, { keywords: 'shrike', slackWebhookUrl: slack.webhookUrl() });
    await matchArticles('shrike', 3);
    // The dead sender: it claimed the three rows and had started posting a message with two.
    const claimed = await claimDue(ctx.deps.db, new Date(), 10);
    expect(claimed.map((r) => r.interrupted)).toEqual([false, false, false]);
    expect((await markPosting(ctx.deps.db, claimed.slice(0, 2), new Date())).size).toBe(2);
    // Its lease holds the rows; once it lapses the next run sends all three, once each.
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 0 });
    expect(await deliverDue(ctx.deps, { now: later(CLAIM_LEASE_SECONDS + 1) })).toMatchObject({ sent: 3, reposted: 2, messages: 1 });
    const rows = await outboxOf(alert.id);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2 && r.postStartedAt !== null)).toBe(true);
    expect(slack.delivered().flatMap((d) => JSON.stringify(d.payload).match(/shrike-\d+/g) ?? [])).toHaveLength(3);
    // The message says it may be a repeat; the next one does not.
    expect(JSON.stringify(slack.delivered()[0].payload)).toContain(REPEAT_NOTE);
    await matchArticles('shrike', 1);
    expect(await deliverDue(ctx.deps)).toMatchObject({ sent: 1, reposted: 0 });
    expect(JSON.stringify(slack.delivered()[1].payload)).not.toContain(REPEAT_NOTE);
  });

  it('a sender whose lease lapsed posts nothing another sender has claimed since', async () => {
    const alert = await makeAlert(ctx, orgId, { keywords: 'dunlin', slackWebhookUrl: slack.webhookUrl() });
    await matchArticles('dunlin', 2);
    const stale = await claimDue(ctx.deps.db, new Date(), 10);
    const fresh = await claimDue(ctx.deps.db, later(CLAIM_LEASE_SECONDS + 1)(), 10);
    expect(fresh.map((r) => r.id).sort()).toEqual(stale.map((r) => r.id).sort());
    expect((await markPosting(ctx.deps.db, stale, new Date())).size).toBe(0);
    expect([...(await markPosting(ctx.deps.db, fresh, new Date()))].sort()).toEqual(fresh.map((r) => r.id).sort());
    // The fresh claim's rows were never posting when it claimed them.
    expect(fresh.every((r) => !r.interrupted)).toBe(true);
    expect((await outboxOf(alert.id)).every((r) => r.status === 'sending')).toBe(true);
  });

  it('fails rows whose alert no longer has the webhook', async () => {
    const alert = await makeAlert(ctx, orgId, { keywords: 'grebe', slackWebhookUrl: slack.webhookUrl(), slackTracking: true });
    await matchArticles('grebe', 1);
    await ctx.deps.db.update(alerts).set({ slackTracking: false }).where(eq(alerts.id, alert.id));
    expect(await deliverDue(ctx.deps)).toMatchObject({ failed: 1, sent: 0 });
    const [row] = await outboxOf(alert.id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'Slack notifications were turned off for this alert' });
  });
});
