import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The Slack app's secrets, derived from the instance's token secret (loadTokenSecret) so that an
 * installation needs no extra key to configure: HKDF gives each use its own key, so the bot-token
 * key and the state-signing key never equal each other nor the session-signing secret itself.
 */

const VERSION = 'v1';

function deriveKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from(info, 'utf8'), 32));
}

/**
 * AES-256-GCM: `v1.{iv}.{tag}.{ciphertext}` (base64url). The organization id is the additional
 * authenticated data, so a token copied into another organization's row does not decrypt.
 */
export function encryptToken(secret: string, orgId: number, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'coverwatch slack bot token'), iv);
  cipher.setAAD(Buffer.from(`org:${orgId}`));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The clear token, or null when the value was not made by encryptToken with this secret and organization. */
export function decryptToken(secret: string, orgId: number, stored: string): string | null {
  const [version, iv, tag, body, extra] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, 'coverwatch slack bot token'), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`org:${orgId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the OAuth `state` carries through Slack and back: who started the install, until when. */
export interface InstallState {
  orgId: number;
  userId: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
  nonce: string;
}

/** How long an "Add to Slack" link stays usable. */
export const STATE_TTL_SECONDS = 10 * 60;

const stateMac = (secret: string, payload: string) => createHmac('sha256', deriveKey(secret, 'coverwatch slack oauth state')).update(payload).digest();

/** `{payload}.{hmac}` (base64url), for the authorize URL. */
export function signState(secret: string, who: { orgId: number; userId: number }, now = new Date()): string {
  const state: InstallState = { ...who, exp: Math.floor(now.getTime() / 1000) + STATE_TTL_SECONDS, nonce: randomBytes(12).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${stateMac(secret, payload).toString('base64url')}`;
}

/** The state if its signature holds and it has not expired; otherwise why not. */
export function verifyState(
  secret: string,
  value: string,
  now = new Date(),
): { ok: true; state: InstallState } | { ok: false; reason: 'invalid_state' | 'expired_state' } {
  const [payload, mac, extra] = value.split('.');
  if (!payload || !mac || extra !== undefined) return { ok: false, reason: 'invalid_state' };
  const given = Buffer.from(mac, 'base64url');
  const expected = stateMac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid_state' };
  let state: InstallState;
  try {
    state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as InstallState;
  } catch {
    return { ok: false, reason: 'invalid_state' };
  }
  if (!Number.isInteger(state.orgId) || !Number.isInteger(state.userId) || typeof state.exp !== 'number') return { ok: false, reason: 'invalid_state' };
  if (state.exp * 1000 < now.getTime()) return { ok: false, reason: 'expired_state' };
  return { ok: true, state };
}

/**
 * Slack's request signing (v0): HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the app's signing
 * secret, compared in constant time; a timestamp more than five minutes away is refused (replay).
 */
export function verifySlackSignature(
  signingSecret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now = new Date(),
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const expected = Buffer.from(`v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value Slack would send (the fake and tests sign with it). */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}
