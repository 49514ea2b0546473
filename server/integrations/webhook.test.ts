import { describe, expect, it } from 'vitest';
import { FetchError } from '../net/http-client.js';
import { describeDiscordError, discordRetryAfterSeconds } from './discord/client.js';
import { describeSlackError } from './slack/client.js';
import { classifyWebhookError } from './webhook.js';

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
    expect(describeDiscordError(httpError(400, '{"message": "Cannot send an empty message", "code": 50006}'))).toBe('400 Cannot send an empty message (code 50006)');
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
