import { describe, expect, it } from 'vitest';
import { FetchError } from '../../net/http-client.js';
import { challengeOf, classifyFailure, classifySuccess } from './health.js';
import { FeedParseError } from './parse-feed.js';

const status = (code: number, headers: Record<string, string> = {}, body?: string, retryAfterSeconds?: number) =>
  new FetchError('http_status', `The site answered ${code}`, { status: code, headers, bodySnippet: body, retryAfterSeconds });

describe('feed health', () => {
  it('names each failure the site caused, in a sentence', () => {
    expect(classifyFailure(status(403, { 'cf-mitigated': 'challenge', 'content-type': 'text/html' }))).toMatchObject({
      health: 'blocked',
      detail: expect.stringContaining('Cloudflare'),
    });
    expect(classifyFailure(status(403, { 'x-datadome': 'protected' }))?.detail).toContain('DataDome');
    expect(classifyFailure(status(503, { server: 'cloudflare' }, '<html><head><title>Just a moment...</title>'))?.health).toBe('blocked');
    expect(
      classifyFailure(status(403, { server: 'AkamaiGHost' }, '<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>'))?.detail,
    ).toContain('Akamai');
    expect(classifyFailure(status(410))).toMatchObject({ health: 'not_found', detail: expect.stringContaining('410 Gone') });
    expect(classifyFailure(status(429, {}, undefined, 120))?.detail).toContain('wait 2 minutes');
    expect(classifyFailure(status(401))?.health).toBe('blocked');
    expect(classifyFailure(status(502))?.health).toBe('unreachable');
    expect(classifyFailure(new FetchError('network', 'A secure connection to x.example could not be established', { network: 'tls' }))?.health).toBe('tls');
    expect(classifyFailure(new FetchError('network', 'The host x.example could not be found', { network: 'dns' }))?.health).toBe('unreachable');
    expect(classifyFailure(new FetchError('timeout', 'The site did not answer within 20 seconds'))?.health).toBe('timeout');
    expect(classifyFailure(new FetchError('too_large', 'The response is too large (more than 15 MB)'))?.health).toBe('too_large');
    expect(classifyFailure(new FetchError('empty_body', 'The site returned an empty response'))?.health).toBe('not_a_feed');
    expect(classifyFailure(new FeedParseError('Not a feed: the address returned an HTML page'))?.health).toBe('not_a_feed');
  });

  it('leaves the health alone when the failure is ours, and does not call a plain Cloudflare error a challenge', () => {
    expect(classifyFailure(new Error('Failed query: insert into …'))).toBeNull();
    // Miniflux's cases: Cloudflare-proxied errors without the header are ordinary errors.
    expect(challengeOf(403, { server: 'cloudflare' }, '<html><body>Forbidden</body></html>')).toBeNull();
    expect(classifyFailure(status(503, { server: 'cloudflare' }))?.health).toBe('unreachable');
  });

  it('calls a working feed stale once its newest article and the last one it brought are over 30 days old', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    expect(classifySuccess(days(2), null, now).health).toBe('ok');
    expect(classifySuccess(days(60), days(3), now).health).toBe('ok');
    expect(classifySuccess(days(60), null, now)).toMatchObject({ health: 'stale', detail: expect.stringContaining('2026-09-28') });
    expect(classifySuccess(null, days(45), now).health).toBe('stale');
    // A 304 of a feed never seen to publish: nothing says it is stale.
    expect(classifySuccess(null, null, now).health).toBe('ok');
  });
});
