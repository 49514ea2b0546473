import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, signState, slackSignature, STATE_TTL_SECONDS, verifySlackSignature, verifyState } from './crypto.js';

const SECRET = 'instance-secret-instance-secret-0123';

describe('bot token encryption', () => {
  it('round-trips, never holds the token in clear and differs on every call', () => {
    const a = encryptToken(SECRET, 7, 'xoxb-123-abc');
    const b = encryptToken(SECRET, 7, 'xoxb-123-abc');
    expect(a).not.toContain('xoxb');
    expect(a).not.toBe(b);
    expect(decryptToken(SECRET, 7, a)).toBe('xoxb-123-abc');
  });

  it('refuses another secret, another organization and a tampered value', () => {
    const stored = encryptToken(SECRET, 7, 'xoxb-123-abc');
    expect(decryptToken('another-secret-another-secret-0123', 7, stored)).toBeNull();
    expect(decryptToken(SECRET, 8, stored)).toBeNull();
    const [v, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(decryptToken(SECRET, 7, [v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(decryptToken(SECRET, 7, 'xoxb-123-abc')).toBeNull();
  });
});

describe('install state', () => {
  const now = new Date('2026-01-01T10:00:00Z');

  it('carries the organization and user until it expires', () => {
    const state = signState(SECRET, { orgId: 3, userId: 9 }, now);
    const ok = verifyState(SECRET, state, new Date(now.getTime() + 60_000));
    expect(ok).toMatchObject({ ok: true, state: { orgId: 3, userId: 9 } });
    expect(verifyState(SECRET, state, new Date(now.getTime() + (STATE_TTL_SECONDS + 1) * 1000))).toEqual({ ok: false, reason: 'expired_state' });
  });

  it('refuses a changed payload, another secret and garbage', () => {
    const state = signState(SECRET, { orgId: 3, userId: 9 }, now);
    const [payload, mac] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), orgId: 4 })).toString('base64url');
    expect(verifyState(SECRET, `${forged}.${mac}`, now)).toEqual({ ok: false, reason: 'invalid_state' });
    expect(verifyState('another-secret-another-secret-0123', state, now)).toEqual({ ok: false, reason: 'invalid_state' });
    for (const bad of ['', 'abc', 'a.b.c', `${payload}.`]) expect(verifyState(SECRET, bad, now).ok).toBe(false);
  });
});

describe('Slack request signatures', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const ts = String(now.getTime() / 1000);
  const body = '{"type":"event_callback"}';

  it("accepts Slack's v0 signature within five minutes", () => {
    expect(verifySlackSignature('s3cret', { timestamp: ts, signature: slackSignature('s3cret', ts, body) }, body, now)).toBe(true);
  });

  it('refuses another body, another secret, an old timestamp and missing headers', () => {
    const sig = slackSignature('s3cret', ts, body);
    expect(verifySlackSignature('s3cret', { timestamp: ts, signature: sig }, `${body} `, now)).toBe(false);
    expect(verifySlackSignature('other', { timestamp: ts, signature: sig }, body, now)).toBe(false);
    expect(verifySlackSignature('s3cret', { timestamp: ts, signature: sig }, body, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifySlackSignature('s3cret', { timestamp: undefined, signature: sig }, body, now)).toBe(false);
    expect(verifySlackSignature('s3cret', { timestamp: ts, signature: undefined }, body, now)).toBe(false);
  });
});
