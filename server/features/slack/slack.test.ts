import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.js';
import { alerts, notificationOutbox } from '../../db/schema/coverage.js';
import { organizations } from '../../db/schema/accounts.js';
import { slackChannels, slackInstallations } from '../../db/schema/notifications.js';
import { ingestItems, type IngestFeed } from '../crawler/service.js';
import { deliverDue, type NotifierDeps } from '../notifications/service.js';
import { slackSignature } from './crypto.js';
import { createSlackBotPoster, findSlackChannel, sendSlackChannelTest } from './service.js';

let ctx: TestContext;
let slack: FakeSlack;
/** The notifier's dependencies with the Slack app's poster passed in, as the job workers get them (server/jobs/boss.ts). */
let notifier: NotifierDeps;

beforeAll(async () => {
  slack = await startFakeSlack();
  ctx = await createTestContext({
    ALLOW_PRIVATE_NETWORK: 'true',
    PUBLIC_URL: 'http://app.test',
    SLACK_CLIENT_ID: slack.app.clientId,
    SLACK_CLIENT_SECRET: slack.app.clientSecret,
    SLACK_SIGNING_SECRET: slack.app.signingSecret,
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
  });
  notifier = { db: ctx.deps.db, config: ctx.deps.config, slackBot: createSlackBotPoster(ctx.deps) };
});
afterAll(async () => {
  await slack?.close();
  await ctx?.close();
});
beforeEach(() => {
  slack.apiCalls.length = 0;
});

/** Runs the whole install as the admin's browser would: our link, Slack's "Allow", our callback. */
async function install(token: string) {
  const res = await ctx.call('GET', '/api/slack/install', { token });
  expect(res.statusCode).toBe(200);
  const url: string = res.json().data.attributes.url;
  const back = new URL(slack.approve(url));
  const cb = await ctx.call('GET', `${back.pathname}${back.search}`);
  expect(cb.statusCode).toBe(302);
  return { authorizeUrl: new URL(url), location: String(cb.headers.location) };
}

const installationOf = async (orgId: number) => (await ctx.deps.db.select().from(slackInstallations).where(eq(slackInstallations.organizationId, orgId)))[0];
const slackEnabled = async (orgId: number) => (await ctx.deps.db.select().from(organizations).where(eq(organizations.id, orgId)))[0].slackEnabled;

function signedEvent(payload: unknown, opts: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(payload);
  const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/p/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': slackSignature(opts.secret ?? slack.app.signingSecret, ts, body),
    },
    payload: body,
  });
}

describe('install (OAuth v2)', () => {
  it('links to Slack with the client id, scopes, callback and a state; the callback stores the encrypted token and lists every channel page', async () => {
    // More than one page of conversations.list (limit 200).
    const extra = Array.from({ length: 230 }, (_, i) => ({ id: `C1X${String(i).padStart(4, '0')}`, name: `team-${i}` }));
    slack.channels.push(...extra);
    try {
      const { org, token } = await makeOrg(ctx);
      const { authorizeUrl, location } = await install(token);
      expect(authorizeUrl.searchParams.get('client_id')).toBe(slack.app.clientId);
      expect(authorizeUrl.searchParams.get('scope')).toBe('chat:write,channels:read,groups:read,chat:write.public');
      expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://app.test/api/p/slack/oauth/callback');
      expect(location).toBe('/slack/installed?status=ok');

      const row = await installationOf(org.id);
      expect(row).toMatchObject({ teamId: 'T0FAKE', teamName: 'Fake Workspace', revokedAt: null });
      const issued = slack.tokens.at(-1)!;
      // The database never holds the token in clear, in any column.
      const dump = await ctx.deps.db.execute(sql`select row_to_json(s)::text as j from slack_installations s where organization_id = ${org.id}`);
      expect(String(dump.rows[0].j)).not.toContain(issued);
      expect(await slackEnabled(org.id)).toBe(true);

      const lists = slack.apiCalls.filter((c) => c.method === 'conversations.list');
      expect(lists.length).toBe(2);
      expect(lists[0].params).toMatchObject({ types: 'public_channel,private_channel', exclude_archived: 'true', limit: '200' });
      expect(lists[1].params.cursor).toBeTruthy();
      const channels = await ctx.call('GET', '/api/slack/channels', { token });
      expect(channels.json().meta.total).toBe(233);
      expect(await findSlackChannel(ctx.deps.db, org.id, 'G0SECRET')).toEqual({ channelId: 'G0SECRET', name: 'launch-war-room' });

      const status = await ctx.call('GET', '/api/slack/installation', { token });
      expect(status.json().data.attributes).toMatchObject({ configured: true, installed: true, team_name: 'Fake Workspace', channel_count: 233 });
    } finally {
      slack.channels.splice(3);
    }
  });

  it('refuses a tampered or foreign state, and a cancelled install, without storing anything', async () => {
    const { org, token } = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const res = await ctx.call('GET', '/api/slack/install', { token });
    const url = new URL(res.json().data.attributes.url);
    const state = url.searchParams.get('state')!;
    const [payload, mac] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), orgId: other.org.id })).toString('base64url');
    url.searchParams.set('state', `${forged}.${mac}`);
    const back = new URL(slack.approve(url.toString()));
    const cb = await ctx.call('GET', `${back.pathname}${back.search}`);
    expect(cb.headers.location).toBe('/slack/installed?status=error&reason=invalid_state');

    const cancelled = await ctx.call('GET', `/api/p/slack/oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(cancelled.headers.location).toBe('/slack/installed?status=error&reason=access_denied');
    const noState = await ctx.call('GET', '/api/p/slack/oauth/callback?code=abc');
    expect(noState.headers.location).toBe('/slack/installed?status=error&reason=invalid_state');
    expect(await installationOf(org.id)).toBeUndefined();
    expect(await installationOf(other.org.id)).toBeUndefined();
  });

  it("needs the plan's Slack flag: otherwise 403 plan_limit with the upgrade sentence", async () => {
    const { org, token } = await makeOrg(ctx);
    const [row] = await ctx.deps.db.select().from(organizations).where(eq(organizations.id, org.id));
    await ctx.deps.db
      .update(organizations)
      .set({ permissions: { ...row.permissions, slack: false } })
      .where(eq(organizations.id, org.id));
    ctx.deps.authenticator.forgetAll();
    const res = await ctx.call('GET', '/api/slack/install', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
  });

  it('is for admins, and answers 503 naming the settings when the app is not configured', async () => {
    const { org } = await makeOrg(ctx);
    const member = await addMember(ctx, org.id);
    const res = await ctx.call('GET', '/api/slack/install', { token: member.token });
    expect(res.statusCode).toBe(403);

    const bare = await createTestContext();
    try {
      const o = await makeOrg(bare);
      const r = await bare.call('GET', '/api/slack/install', { token: o.token });
      expect(r.statusCode).toBe(503);
      expect(r.json().errors[0]).toMatchObject({ code: 'not_connected' });
      expect(r.json().errors[0].detail).toContain('SLACK_CLIENT_ID');
      const status = await bare.call('GET', '/api/slack/installation', { token: o.token });
      expect(status.json().data.attributes).toMatchObject({ configured: false, installed: false });
    } finally {
      await bare.close();
    }
  });
});

describe('channels', () => {
  it("are scoped to the caller's organization; refresh is for admins", async () => {
    const a = await makeOrg(ctx);
    const b = await makeOrg(ctx);
    await install(a.token);
    expect((await ctx.call('GET', '/api/slack/channels', { token: a.token })).json().meta.total).toBe(3);
    expect((await ctx.call('GET', '/api/slack/channels', { token: b.token })).json().data).toEqual([]);
    expect(await findSlackChannel(ctx.deps.db, b.org.id, 'C0GENERAL')).toBeUndefined();
    // The organization's document lists them too (id, name), in GET user and GET organizations/{id}.
    const listed = (await ctx.call('GET', '/api/slack/channels', { token: a.token }))
      .json()
      .data.map((c: { id: string; attributes: { name: string } }) => ({ id: c.id, name: c.attributes.name }));
    const userA = (await ctx.call('GET', '/api/user', { token: a.token })).json().data.attributes.organization;
    expect(userA.slack_channels).toEqual(listed);
    const orgA = await ctx.call('GET', `/api/organizations/${a.org.id}`, { token: a.token });
    expect(orgA.json().data.attributes.slack_channels).toEqual(listed);
    expect((await ctx.call('GET', '/api/user', { token: b.token })).json().data.attributes.organization.slack_channels).toEqual([]);
    // b has no installation of its own: refreshing there is a conflict, never a's channels.
    const refreshB = await ctx.call('POST', '/api/slack/channels/refresh', { token: b.token });
    expect(refreshB.statusCode).toBe(409);
    const member = await addMember(ctx, a.org.id);
    expect((await ctx.call('POST', '/api/slack/channels/refresh', { token: member.token })).statusCode).toBe(403);

    slack.channels.push({ id: 'C0NEW', name: 'new-launches' });
    try {
      const refreshed = await ctx.call('POST', '/api/slack/channels/refresh', { token: a.token });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().data.map((c: { attributes: { name: string } }) => c.attributes.name)).toContain('new-launches');
    } finally {
      slack.channels.splice(3);
    }
  });
});

let seq = 0;
async function setUpAlert(orgId: number, channelId = 'C0PRESS') {
  const keyword = `kestrel${++seq}`;
  const alert = await makeAlert(ctx, orgId, { keywords: keyword, name: `Kestrel ${seq}`, slackTracking: true });
  await ctx.deps.db.update(alerts).set({ slackChannelId: channelId, slackChannelName: 'press' }).where(eq(alerts.id, alert.id));
  const w = await makeWebsite(ctx, { domain: `outlet${seq}.example`, reach: 6.5 });
  const f = await makeFeed(ctx, w.id);
  const feed: IngestFeed = { id: f.id, type: 0, language: 'en', website: { id: w.id, language: 'en', reach: w.reach, muv: null, isMetacritic: false } };
  const ingest = (n = 1) =>
    ingestItems(
      ctx.deps.db,
      feed,
      Array.from({ length: n }, (_, i) =>
        feedItem({ url: `https://outlet${seq}.example/${keyword}-${i}-${Date.now()}`, title: `${keyword} launch ${i}`, published: new Date() }),
      ),
      new Date(),
    );
  return { alert, ingest };
}
const outboxOf = (alertId: number) => ctx.deps.db.select().from(notificationOutbox).where(eq(notificationOutbox.alertId, alertId));

describe('alert messages by chat.postMessage', () => {
  it('posts Block Kit to the chosen channel with the bot token, and waits as long as a 429 says', async () => {
    const { org, token } = await makeOrg(ctx);
    await install(token);
    const { alert, ingest } = await setUpAlert(org.id);
    expect((await ingest(2)).notifications).toBe(1 * 2);

    slack.apiRateLimitNext(1, 42);
    const start = Date.now();
    const first = await deliverDue(notifier);
    expect(first).toMatchObject({ retried: 2, sent: 0 });
    const waiting = await outboxOf(alert.id);
    expect(waiting.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    expect(waiting[0].nextAttemptAt.getTime()).toBeGreaterThanOrEqual(start + 41_000);

    const second = await deliverDue(notifier, { now: () => new Date(Date.now() + 60_000) });
    expect(second).toMatchObject({ sent: 2, messages: 1 });
    const post = slack.posts().at(-1)!;
    expect(post.token).toBe(slack.tokens.at(-1));
    expect(post.params.channel).toBe('C0PRESS');
    const blocks = post.params.blocks as { type: string; text?: { text: string }; elements?: { text: string }[] }[];
    expect(blocks.filter((b) => b.type === 'section')).toHaveLength(2);
    expect(blocks[0].text!.text).toMatch(
      /^\*<https:\/\/outlet\d+\.example\/kestrel\d+-\d-\d+\|kestrel\d+ launch \d>\*\noutlet\d+\.example · Media score 6\.5 · /,
    );
    expect(blocks.at(-1)!.elements![0].text).toContain(`Keywords: ${alert.keywords}`);
  });

  it('a revoked token on a post ends the installation, fails the waiting messages with the reason and switches Slack off', async () => {
    const { org, token } = await makeOrg(ctx);
    await install(token);
    slack.revokeToken(slack.tokens.at(-1)!);
    const { alert, ingest } = await setUpAlert(org.id);
    await ingest(1);
    const report = await deliverDue(notifier);
    expect(report.failed).toBe(1);
    const [row] = await outboxOf(alert.id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.lastError).toContain('token_revoked');
    expect(await installationOf(org.id)).toMatchObject({ revokedReason: 'token_revoked' });
    expect((await installationOf(org.id)).revokedAt).toBeInstanceOf(Date);
    expect(await slackEnabled(org.id)).toBe(false);
    // While disabled, new matches queue nothing for the channel.
    expect((await ingest(1)).notifications).toBe(0);
  });

  it('webhook alerts keep posting to their webhook beside the app', async () => {
    const { org, token } = await makeOrg(ctx);
    await install(token);
    const { alert, ingest } = await setUpAlert(org.id);
    const hook = slack.webhookUrl();
    await ctx.deps.db.update(alerts).set({ slackChannelId: null, slackChannelName: null, slackWebhookUrl: hook }).where(eq(alerts.id, alert.id));
    const before = slack.posts().length;
    await ingest(1);
    expect(await deliverDue(notifier)).toMatchObject({ sent: 1 });
    expect(slack.delivered().some((d) => d.path === new URL(hook).pathname)).toBe(true);
    expect(slack.posts().length).toBe(before);
  });

  it('the poster is a dependency: the API gets one from buildApp, and a notifier without one fails app-channel rows with why', async () => {
    // The routes that kick the notifier (WebSub pushes, a stream's poll now) pass the app's dependencies on.
    expect(ctx.app.deps.slackBot).toBeTypeOf('function');
    const { org, token } = await makeOrg(ctx);
    await install(token);
    const { alert, ingest } = await setUpAlert(org.id);
    await ingest(1);
    const before = slack.posts().length;
    expect(await deliverDue({ db: ctx.deps.db, config: ctx.deps.config, slackBot: null })).toMatchObject({ failed: 1, sent: 0 });
    const [row] = await outboxOf(alert.id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'Slack: the Slack app is not available on this server' });
    expect(slack.posts().length).toBe(before);
  });

  it("the channel test message returns Slack's answer in words", async () => {
    const { org, token } = await makeOrg(ctx);
    expect(await sendSlackChannelTest(ctx.deps, org.id, 'C0PRESS')).toMatchObject({ ok: false, error: 'not_installed' });
    await install(token);
    expect(await sendSlackChannelTest(ctx.deps, org.id, 'C0PRESS', { projectName: 'Falcon' })).toEqual({
      ok: true,
      message: 'Slack accepted the test message.',
    });
    expect(slack.posts().at(-1)!.params.text).toBe("Coverwatch will post Falcon's coverage here.");
    const missing = await sendSlackChannelTest(ctx.deps, org.id, 'C0GONE');
    expect(missing).toMatchObject({ ok: false, error: 'channel_not_found' });
    expect(missing.message).toMatch(/not found/);
  });
});

describe('uninstall', () => {
  it('app_uninstalled (signed) revokes every installation of the workspace; a bad signature is 401 and changes nothing', async () => {
    const { org, token } = await makeOrg(ctx);
    await install(token);
    const { alert, ingest } = await setUpAlert(org.id);
    await ingest(1);
    const event = { type: 'event_callback', team_id: 'T0FAKE', api_app_id: 'A0FAKE', event: { type: 'app_uninstalled' } };

    expect((await signedEvent(event, { secret: 'wrong' })).statusCode).toBe(401);
    expect((await signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/slack/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await installationOf(org.id)).revokedAt).toBeNull();

    expect((await signedEvent(event)).statusCode).toBe(200);
    expect(await installationOf(org.id)).toMatchObject({ revokedReason: 'app_uninstalled' });
    expect(await slackEnabled(org.id)).toBe(false);
    const [row] = await outboxOf(alert.id);
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain('disconnected');
    const status = await ctx.call('GET', '/api/slack/installation', { token });
    expect(status.json().data.attributes).toMatchObject({ installed: false, revoked_reason: 'app_uninstalled' });
    expect(status.json().data.attributes.revoked_at).toBeTruthy();
  });

  it('answers the url_verification challenge; tokens_revoked ends it only for bot tokens', async () => {
    const challenge = await signedEvent({ type: 'url_verification', challenge: 'abc123', token: 'x' });
    expect(challenge.json()).toEqual({ challenge: 'abc123' });

    const { org, token } = await makeOrg(ctx);
    await install(token);
    await signedEvent({ type: 'event_callback', team_id: 'T0FAKE', event: { type: 'tokens_revoked', tokens: { oauth: ['U1'] } } });
    expect((await installationOf(org.id)).revokedAt).toBeNull();
    await signedEvent({ type: 'event_callback', team_id: 'T0FAKE', event: { type: 'tokens_revoked', tokens: { bot: ['U0BOT'] } } });
    expect(await installationOf(org.id)).toMatchObject({ revokedReason: 'tokens_revoked' });
    // Garbage, signed, is a 400 and never a 5xx.
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/slack/events',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-slack-signature': slackSignature(slack.app.signingSecret, String(Math.floor(Date.now() / 1000)), '{nope'),
      },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('DELETE /api/slack/installation (admins) revokes the token at Slack and disables Slack; reinstalling replaces it', async () => {
    const { org, token } = await makeOrg(ctx);
    await install(token);
    const issued = slack.tokens.at(-1)!;
    const member = await addMember(ctx, org.id);
    expect((await ctx.call('DELETE', '/api/slack/installation', { token: member.token })).statusCode).toBe(403);
    expect((await ctx.call('DELETE', '/api/slack/installation', { token })).statusCode).toBe(204);
    expect(slack.apiCalls.some((c) => c.method === 'auth.revoke' && c.token === issued)).toBe(true);
    expect(await installationOf(org.id)).toMatchObject({ revokedReason: 'disconnected' });
    expect(await slackEnabled(org.id)).toBe(false);

    const { location } = await install(token);
    expect(location).toBe('/slack/installed?status=ok');
    expect(await installationOf(org.id)).toMatchObject({ revokedAt: null, revokedReason: null });
    expect(await slackEnabled(org.id)).toBe(true);
    expect(await ctx.deps.db.select().from(slackChannels).where(eq(slackChannels.organizationId, org.id))).toHaveLength(3);
  });
});
