import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { startFakeDiscord, type FakeDiscord } from '../../../test/fakes/discord.js';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.js';

/**
 * Webhooks and channels checked when saved (issue 15), through the three features that save them:
 * alerts, YouTube feeds and Twitch feeds. Webhook URLs on 127.0.0.1 reach the local fakes of
 * Slack and Discord (the `open` app allows private networks, as tests and dev fakes run); the
 * `strict` app does not, like production.
 *
 * Documented URLs (hooks.slack.com, discord.com) must be accepted without leaving this machine:
 * the HTTP client answers them here, and records what would have been posted.
 */
const outside = vi.hoisted(() => [] as { url: string; body: string }[]);
vi.mock(import('../../net/http-client.js'), async (original) => {
  const real = await original();
  return {
    ...real,
    fetchUrl: async (url, opts) => {
      if (/^https:\/\/(hooks\.slack\.com|discord\.com|discordapp\.com|ptb\.discord\.com|canary\.discord\.com)\//.test(url)) {
        outside.push({ url, body: String(opts?.body ?? '') });
        return { status: 204, url, movedTo: null, headers: {}, body: Buffer.alloc(0), notModified: false };
      }
      return real.fetchUrl(url, opts);
    },
  };
});

let open: TestContext;
let strict: TestContext;
let slack: FakeSlack;
let discord: FakeDiscord;
beforeAll(async () => {
  [slack, discord] = await Promise.all([startFakeSlack(), startFakeDiscord()]);
  // The fake Slack is also the workspace of the organizations' Slack app (alert channels).
  const slackApp = {
    PUBLIC_URL: 'http://app.test',
    SLACK_CLIENT_ID: slack.app.clientId,
    SLACK_CLIENT_SECRET: slack.app.clientSecret,
    SLACK_SIGNING_SECRET: slack.app.signingSecret,
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
  };
  [open, strict] = await Promise.all([createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', ...slackApp }), createTestContext()]);
});
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close(), slack?.close(), discord?.close()]);
});

type ErrorBody = { code: string; detail: string; source?: { pointer?: string } };
const errorsOf = (res: { json(): { errors: ErrorBody[] } }) => res.json().errors.map((e) => ({ code: e.code, detail: e.detail, pointer: e.source?.pointer }));

/** One way to save each feature's webhooks: create with `fields`, then update with `fields`. */
interface Saver {
  name: string;
  /** The pointer of a field in the body this saver sends. */
  pointer: (field: string) => string;
  /** An edit that leaves the webhooks alone. */
  unrelated: Record<string, unknown>;
  create(
    ctx: TestContext,
    fields: Record<string, unknown>,
  ): Promise<{ res: Awaited<ReturnType<TestContext['call']>>; update: (fields: Record<string, unknown>) => ReturnType<TestContext['call']> }>;
}

async function workspace(ctx: TestContext, projectName = `Launch ${Math.random().toString(36).slice(2, 7)}`) {
  const owner = await makeOrg(ctx);
  const project = await makeProject(ctx, owner.org.id, { name: projectName });
  return { token: owner.token, orgId: owner.org.id, project };
}

const SAVERS: Saver[] = [
  {
    name: 'alert',
    pointer: (f) => `/data/attributes/${f}`,
    unrelated: { min_reach: 2, name: 'Renamed' },
    async create(ctx, fields) {
      const w = await workspace(ctx);
      const res = await ctx.call('POST', '/api/alerts', {
        token: w.token,
        body: { data: { type: 'alert', attributes: { project_id: w.project.id, keywords: 'nebula', ...fields } } },
      });
      const id = res.json().data?.id;
      return { res, update: (f) => ctx.call('PATCH', `/api/alerts/${id}`, { token: w.token, body: { data: { type: 'alert', id, attributes: f } } }) };
    },
  },
  {
    name: 'YouTube feed',
    pointer: (f) => `/${f}`,
    unrelated: { slack_min_subs_notification: 1000, is_enabled: false },
    async create(ctx, fields) {
      const w = await workspace(ctx);
      const res = await ctx.call('POST', '/api/youtube_feed', { token: w.token, body: { keyword: 'Skyforge', project_id: w.project.id, ...fields } });
      const id = res.json().data?.id;
      return { res, update: (f) => ctx.call('PATCH', `/api/youtube_feed/${id}`, { token: w.token, body: f }) };
    },
  },
  {
    name: 'Twitch feed',
    pointer: (f) => `/data/attributes/${f}`,
    unrelated: { slack_min_followers_notification: 100, keyword: 'Nebula Rising' },
    async create(ctx, fields) {
      const w = await workspace(ctx);
      const body = (a: Record<string, unknown>) => ({ data: { type: 'twitch_feed', attributes: a } });
      const res = await ctx.call('POST', '/api/twitch_feed', {
        token: w.token,
        body: body({ keyword: 'Nebula', project_id: w.project.id, game_id: '509658', ...fields }),
      });
      const id = res.json().data?.id;
      return { res, update: (f) => ctx.call('PATCH', `/api/twitch_feed/${id}`, { token: w.token, body: body(f) }) };
    },
  },
];

describe.each(SAVERS)('$name webhooks', (saver) => {
  it("refuses a URL that is not the service's documented webhook, at the field, and saves nothing", async () => {
    const res = (
      await saver.create(open, {
        slack_webhook_url: 'https://discord.com/api/webhooks/1/abc',
        discord_webhook_url: 'https://hooks.slack.com/services/T0/B0/x',
      })
    ).res;
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { code: 'validation_failed', detail: MSG.webhooks.slackHost, pointer: saver.pointer('slack_webhook_url') },
      { code: 'validation_failed', detail: MSG.webhooks.discordHost, pointer: saver.pointer('discord_webhook_url') },
    ]);

    const { res: created, update } = await saver.create(open, {});
    expect(created.statusCode).toBe(201);
    for (const [field, url, message] of [
      ['slack_webhook_url', 'https://hooks.slack.com.evil.example/services/T0/B0/x', MSG.webhooks.slackHost],
      ['slack_webhook_url', 'http://hooks.slack.com/services/T0/B0/x', MSG.webhooks.slackHost],
      ['slack_webhook_url', 'https://hooks.slack.com/api/chat.postMessage', MSG.webhooks.slackHost],
      ['discord_webhook_url', 'https://discord.com/api/users/@me', MSG.webhooks.discordHost],
      ['discord_webhook_url', 'https://discord.gg/api/webhooks/1/abc', MSG.webhooks.discordHost],
    ] as const) {
      const refused = await update({ [field]: url });
      expect(refused.statusCode, url).toBe(422);
      expect(errorsOf(refused), url).toEqual([{ code: 'validation_failed', detail: message, pointer: saver.pointer(field) }]);
    }
    // The shape check of the shared schema still answers first.
    const notUrl = await update({ slack_webhook_url: 'ftp://hooks.slack.com/services/T0/B0/x' });
    expect(notUrl.statusCode).toBe(422);
    expect(errorsOf(notUrl)[0]).toMatchObject({ detail: MSG.alertsApi.webhookUrl, pointer: saver.pointer('slack_webhook_url') });
  });

  it('accepts the documented hosts (and posts each one test message)', async () => {
    const before = outside.length;
    const { res, update } = await saver.create(strict, {
      slack_webhook_url: 'https://hooks.slack.com/services/T0FAKE/B0FAKE/abc',
      discord_webhook_url: 'https://discord.com/api/webhooks/123/tok-en_1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().meta.notification_tests).toEqual({
      slack: { ok: true, status: 204, message: MSG.webhooks.testSent('Slack') },
      discord: { ok: true, status: 204, message: MSG.webhooks.testSent('Discord') },
    });
    for (const [field, url] of [
      ['slack_webhook_url', 'https://hooks.slack.com/workflows/T0/A0/123/abc'],
      ['slack_webhook_url', 'https://hooks.slack.com/triggers/T0/123/abc'],
      ['discord_webhook_url', 'https://discordapp.com/api/webhooks/1/abc'],
      ['discord_webhook_url', 'https://ptb.discord.com/api/v10/webhooks/1/abc'],
      ['discord_webhook_url', 'https://canary.discord.com/api/webhooks/1/abc'],
    ] as const) {
      const saved = await update({ [field]: url });
      expect(saved.statusCode, url).toBe(200);
      expect(saved.json().data.attributes[field]).toBe(url);
    }
    expect(outside.slice(before).map((o) => o.url)).toEqual([
      'https://hooks.slack.com/services/T0FAKE/B0FAKE/abc',
      'https://discord.com/api/webhooks/123/tok-en_1',
      'https://hooks.slack.com/workflows/T0/A0/123/abc',
      'https://hooks.slack.com/triggers/T0/123/abc',
      'https://discordapp.com/api/webhooks/1/abc',
      'https://ptb.discord.com/api/v10/webhooks/1/abc',
      'https://canary.discord.com/api/webhooks/1/abc',
    ]);
  });

  it('accepts loopback and private-network URLs only when the server allows private networks', async () => {
    const local = { slack_webhook_url: slack.webhookUrl(), discord_webhook_url: discord.webhookUrl() };
    const refused = (await saver.create(strict, local)).res;
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).map((e) => e.pointer)).toEqual([saver.pointer('slack_webhook_url'), saver.pointer('discord_webhook_url')]);
    const allowed = (await saver.create(open, local)).res;
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.attributes).toMatchObject(local);
  });

  it('posts a test message once when a webhook is set or changed, none on other edits, and carries a failing answer', async () => {
    const [hook, otherHook, discordHook] = [slack.webhookUrl(), slack.webhookUrl(), discord.webhookUrl()];
    const postsTo = (fake: FakeSlack | FakeDiscord, url: string) => fake.requests.filter((r) => r.path === new URL(url).pathname);

    const { res, update } = await saver.create(open, { slack_webhook_url: hook });
    expect(res.statusCode).toBe(201);
    expect(res.json().meta.notification_tests).toEqual({ slack: { ok: true, status: 200, message: MSG.webhooks.testSent('Slack') } });
    expect(postsTo(slack, hook)).toHaveLength(1);
    expect(postsTo(slack, hook)[0].payload?.text).toMatch(/^Coverwatch will post new coverage of .+ here\.$/);

    // The same URL again, and edits of other fields: nothing is posted.
    for (const edit of [{ slack_webhook_url: hook }, saver.unrelated]) {
      const same = await update(edit);
      expect(same.statusCode, JSON.stringify(edit)).toBe(200);
      expect(same.json().meta.notification_tests).toEqual({});
    }
    expect(postsTo(slack, hook)).toHaveLength(1);

    // A changed Slack URL and a new Discord URL: one test each.
    const changed = await update({ slack_webhook_url: otherHook, discord_webhook_url: discordHook });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().meta.notification_tests).toEqual({
      slack: { ok: true, status: 200, message: MSG.webhooks.testSent('Slack') },
      discord: { ok: true, status: 204, message: MSG.webhooks.testSent('Discord') },
    });
    expect(postsTo(slack, otherHook)).toHaveLength(1);
    expect(postsTo(discord, discordHook)).toHaveLength(1);
    expect(postsTo(discord, discordHook)[0].payload).toMatchObject({ allowed_mentions: { parse: [] } });

    // Removing a webhook posts nothing.
    const removed = await update({ discord_webhook_url: '' });
    expect(removed.json().meta.notification_tests).toEqual({});
    expect(removed.json().data.attributes.discord_webhook_url).toBeNull();

    // A revoked webhook: the save stands, the answer says why the test failed.
    const revokedSlack = slack.webhookUrl();
    slack.revoke(revokedSlack);
    const revokedDiscord = discord.webhookUrl();
    discord.revoke(revokedDiscord);
    const failing = await update({ slack_webhook_url: revokedSlack, discord_webhook_url: revokedDiscord });
    expect(failing.statusCode).toBe(200);
    expect(failing.json().data.attributes).toMatchObject({ slack_webhook_url: revokedSlack, discord_webhook_url: revokedDiscord });
    expect(failing.json().meta.notification_tests).toEqual({
      slack: { ok: false, status: 404, message: 'Slack answered 404 no_service (the webhook was revoked)' },
      discord: { ok: false, status: 404, message: 'Discord answered 404 Unknown Webhook (code 10015)' },
    });
  });
});

describe('an alert’s Slack channel', () => {
  /** An organization with the Slack app installed (the whole OAuth round trip against the fake). */
  async function installed() {
    const w = await workspace(open);
    const link = await open.call('GET', '/api/slack/install', { token: w.token });
    expect(link.statusCode).toBe(200);
    const back = new URL(slack.approve(link.json().data.attributes.url));
    expect((await open.call('GET', `${back.pathname}${back.search}`)).statusCode).toBe(302);
    const post = (attributes: Record<string, unknown>) =>
      open.call('POST', '/api/alerts', {
        token: w.token,
        body: { data: { type: 'alert', attributes: { project_id: w.project.id, keywords: 'nebula', ...attributes } } },
      });
    return { ...w, post };
  }
  const postsTo = (channel: string) => slack.posts().filter((p) => p.params.channel === channel);

  it('posts a test message through the app when tracking points at a channel, once, and answers what Slack said', async () => {
    const w = await installed();
    const before = postsTo('C0GENERAL').length;
    const res = await w.post({ slack_tracking: true, slack_channel_id: 'C0GENERAL', slack_channel_name: 'general' });
    expect(res.statusCode).toBe(201);
    expect(res.json().meta.notification_tests).toEqual({ slack: { ok: true, message: MSG.webhooks.testSent('Slack') } });
    expect(postsTo('C0GENERAL')).toHaveLength(before + 1);

    const id = res.json().data.id;
    const patch = (attributes: Record<string, unknown>) =>
      open.call('PATCH', `/api/alerts/${id}`, { token: w.token, body: { data: { type: 'alert', id, attributes } } });
    // Other edits, and the same channel again: no message.
    for (const edit of [{ min_reach: 2 }, { slack_channel_id: 'C0GENERAL' }]) {
      const same = await patch(edit);
      expect(same.statusCode).toBe(200);
      expect(same.json().meta.notification_tests).toEqual({});
    }
    expect(postsTo('C0GENERAL')).toHaveLength(before + 1);

    // An archived channel: saved, and Slack's refusal is the answer.
    slack.channels.push({ id: 'C0OLD', name: 'old-news', is_member: true });
    expect((await open.call('POST', '/api/slack/channels/refresh', { token: w.token })).statusCode).toBeLessThan(300);
    slack.channels.find((c) => c.id === 'C0OLD')!.is_archived = true;
    const archived = await patch({ slack_channel_id: 'C0OLD', slack_channel_name: 'old-news' });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.attributes.slack_channel_id).toBe('C0OLD');
    expect(archived.json().meta.notification_tests.slack).toMatchObject({ ok: false });
    expect(archived.json().meta.notification_tests.slack.message).not.toBe('');
  });

  it('refuses a channel that is not one of the organization’s Slack channels, at slack_channel_id', async () => {
    const w = await installed();
    const res = await w.post({ slack_tracking: true, slack_channel_id: 'C0UNKNOWN', slack_channel_name: 'press' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([{ code: 'validation_failed', detail: MSG.webhooks.unknownSlackChannel, pointer: '/data/attributes/slack_channel_id' }]);
    // Another organization's channel is unknown here too.
    const other = await workspace(open);
    const foreign = await open.call('POST', '/api/alerts', {
      token: other.token,
      body: { data: { type: 'alert', attributes: { project_id: other.project.id, keywords: 'nebula', slack_tracking: true, slack_channel_id: 'C0GENERAL' } } },
    });
    expect(foreign.statusCode).toBe(422);
    // Without tracking the channel is not used, so it is not checked; switching tracking on checks it.
    const off = await w.post({ slack_tracking: false, slack_channel_id: 'C0UNKNOWN' });
    expect(off.statusCode).toBe(201);
    expect(off.json().meta.notification_tests).toEqual({});
    const id = off.json().data.id;
    const on = await open.call('PATCH', `/api/alerts/${id}`, { token: w.token, body: { data: { type: 'alert', id, attributes: { slack_tracking: true } } } });
    expect(on.statusCode).toBe(422);
    expect(errorsOf(on)[0].pointer).toBe('/data/attributes/slack_channel_id');
  });
});

describe('hostile webhook input', () => {
  it('answers 4xx, never 5xx, for odd URLs and types', async () => {
    const { update } = await SAVERS[0].create(open, {});
    for (const value of [
      'https://hooks.slack.com:8443/services/T0/B0/x',
      'https://user:pw@hooks.slack.com/services/T0/B0/x',
      `https://hooks.slack.com/services/${'x'.repeat(3000)}`,
      'javascript:alert(1)',
      42,
      ['https://hooks.slack.com/services/T0/B0/x'],
      { url: 'x' },
    ]) {
      const res = await update({ slack_webhook_url: value });
      expect(res.statusCode, JSON.stringify(value).slice(0, 80)).toBe(422);
    }
  });
});
