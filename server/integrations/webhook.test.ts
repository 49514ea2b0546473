import { describe, expect, it } from 'vitest';
import { FetchError } from '../net/http-client.js';
import { describeDiscordError, discordRetryAfterSeconds } from './discord/client.js';
import { describeSlackError } from './slack/client.js';
import { MSG } from '../../common/messages.js';
import { classifyWebhookError, describeWebhookTest, isDocumentedWebhookUrl, isPrivateNetworkUrl, webhookUrlProblem } from './webhook.js';

// The end-to-end paths (fake Slack and Discord servers) are in notifications/deliver.test.ts;
// these cover the answers the fakes never give: fallbacks and bodies that are not the service's.

const httpError = (status: number, bodySnippet?: string, headers: Record<string, string> = {}, retryAfterSeconds?: number) =>
  new FetchError('http_status', `The site answered ${status}`, { status, bodySnippet, headers, retryAfterSeconds });

describe('Slack errors', () => {
  it('names a known code in words and passes an unknown code through', () => {
    expect(describeSlackError(httpError(410, 'channel_is_archived'))).toBe('410 channel_is_archived (the channel is archived)');
    expect(describeSlackError(httpError(400, 'some_new_code\n'))).toBe('400 some_new_code');
  });

  it('ignores a body that is not a Slack code (a proxy page), keeping the generic message', () => {
    expect(describeSlackError(httpError(502, '<html><body>Bad gateway</body></html>'))).toBeNull();
    expect(describeSlackError(httpError(404))).toBeNull();
    const outcome = classifyWebhookError(httpError(502, '<html>Bad gateway</html>'), { name: 'Slack', describeError: describeSlackError });
    expect(outcome).toEqual({ ok: false, retry: 'later', status: 502, message: 'Slack: The site answered 502' });
  });
});

describe('Discord errors', () => {
  it('reads the JSON message and code, and nothing from a cut or foreign body', () => {
    expect(describeDiscordError(httpError(400, '{"message": "Cannot send an empty message", "code": 50006}'))).toBe(
      '400 Cannot send an empty message (code 50006)',
    );
    expect(describeDiscordError(httpError(400, '{"message": "Invalid Form Body", "code": 50035, "errors": {"embeds": {"_err'))).toBeNull();
    expect(describeDiscordError(httpError(502, 'Bad gateway'))).toBeNull();
  });

  it('waits for the body retry_after, else X-RateLimit-Reset-After, else Retry-After', () => {
    const headers = { 'x-ratelimit-reset-after': '0.75', 'retry-after': '1' };
    const discord = { name: 'Discord', describeError: describeDiscordError, retryAfterSeconds: discordRetryAfterSeconds };
    const wait = (err: FetchError) => {
      const outcome = classifyWebhookError(err, discord);
      return outcome.ok === false && outcome.retry === 'rate_limited' ? outcome.retryAfterSeconds : 'not rate limited';
    };
    expect(wait(httpError(429, '{"message": "You are being rate limited.", "retry_after": 0.412, "global": false}', headers, 1))).toBe(0.412);
    expect(wait(httpError(429, 'error code: 1015', headers, 1))).toBe(0.75);
    expect(wait(httpError(429, undefined, { 'retry-after': '4' }, 4))).toBe(4);
    expect(wait(httpError(429))).toBeNull();
  });
});

describe('documented webhook URLs', () => {
  it("accepts each service's documented hosts and paths only, over https on the default port", () => {
    for (const url of ['https://hooks.slack.com/services/T0/B0/x', 'https://HOOKS.slack.com/workflows/T0/A0/1/x', 'https://hooks.slack.com/triggers/T0/1/x']) {
      expect(isDocumentedWebhookUrl('slack', url), url).toBe(true);
    }
    for (const url of [
      'https://discord.com/api/webhooks/1/a-b_c',
      'https://discordapp.com/api/webhooks/1/x',
      'https://ptb.discord.com/api/v10/webhooks/1/x',
      'https://canary.discord.com/api/webhooks/1/x/',
    ]) {
      expect(isDocumentedWebhookUrl('discord', url), url).toBe(true);
    }
    for (const [kind, url] of [
      ['slack', 'http://hooks.slack.com/services/T0/B0/x'],
      ['slack', 'https://hooks.slack.com:444/services/T0/B0/x'],
      ['slack', 'https://hooks.slack.com.example/services/T0/B0/x'],
      ['slack', 'https://hooks.slack.com/services/'],
      ['slack', 'https://discord.com/api/webhooks/1/x'],
      ['discord', 'https://discord.com/api/webhooks/abc/x'],
      ['discord', 'https://discord.com/api/webhooks/1/x/slack'],
      ['discord', 'https://evil.discord.com.example/api/webhooks/1/x'],
      ['discord', 'https://user:pw@discord.com/api/webhooks/1/x'],
      ['discord', 'not a url'],
    ] as const) {
      expect(isDocumentedWebhookUrl(kind, url), url).toBe(false);
    }
  });

  it('lets loopback and private-network URLs through only when private networks are allowed', () => {
    for (const url of ['http://127.0.0.1:9/services/T0/B0/x', 'http://localhost:3000/x', 'https://[::1]/x', 'http://10.1.2.3/x', 'http://192.168.0.10/x']) {
      expect(isPrivateNetworkUrl(url), url).toBe(true);
      expect(webhookUrlProblem('slack', url, true), url).toBeNull();
      expect(webhookUrlProblem('slack', url, false), url).toBe(MSG.webhooks.slackHost);
    }
    // A public address or a name is not private, whatever the setting.
    expect(webhookUrlProblem('discord', 'http://8.8.8.8/api/webhooks/1/x', true)).toBe(MSG.webhooks.discordHost);
    expect(webhookUrlProblem('discord', 'https://relay.example.com/api/webhooks/1/x', true)).toBe(MSG.webhooks.discordHost);
  });
});

describe('test message answers', () => {
  it('says what the service answered, or that it could not be reached', () => {
    expect(describeWebhookTest('Slack', { ok: true, status: 200 })).toEqual({ ok: true, status: 200, message: MSG.webhooks.testSent('Slack') });
    const revoked = classifyWebhookError(httpError(404, 'no_service'), { name: 'Slack', describeError: describeSlackError });
    expect(describeWebhookTest('Slack', revoked)).toEqual({ ok: false, status: 404, message: 'Slack answered 404 no_service (the webhook was revoked)' });
    const bare = classifyWebhookError(httpError(502, '<html>'), { name: 'Discord', describeError: describeDiscordError });
    expect(describeWebhookTest('Discord', bare)).toEqual({ ok: false, status: 502, message: 'Discord answered 502' });
    const down = classifyWebhookError(new FetchError('network', 'connection refused'), { name: 'Discord' });
    expect(describeWebhookTest('Discord', down)).toEqual({ ok: false, message: 'Discord could not be reached: connection refused' });
  });
});
