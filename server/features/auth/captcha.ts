import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loadTokenSecret } from './service.js';

/** How long a challenge may be solved and redeemed. */
export const CAPTCHA_TTL_MS = 10 * 60_000;

// The `altcha` widget (v3) still speaks the v1 challenge format ({algorithm, challenge, salt,
// signature, maxnumber}), which is the shape docs/api.md promises for GET p/captcha.
const ALGORITHM = 'SHA-256';

/**
 * The HMAC key of the captcha, derived from the token-signing secret so that an install needs
 * no extra configuration, and so that the token secret itself never signs anything but tokens.
 */
export function deriveCaptchaKey(tokenSecret: string): string {
  return createHmac('sha256', tokenSecret).update('coverwatch:altcha-captcha:v1').digest('hex');
}

export type CaptchaChallenge = Challenge;

interface CaptchaOptions {
  hmacKey: string;
  /** The largest secret number (the difficulty: on average the client tries half of it). */
  maxNumber: number;
  /** How many redeemed challenges to remember at most. */
  maxRemembered?: number;
  now?: () => number;
}

/**
 * Self-hosted ALTCHA proof-of-work. A solution is accepted once: redeemed challenges are kept
 * in memory until they expire. This is a deliberate trade-off: every challenge dies after
 * CAPTCHA_TTL_MS anyway, so remembering it for longer is pointless, and a database table would
 * put a write on a public, unauthenticated path for no lasting benefit. In a multi-process
 * install each process keeps its own memory, so a solution could be redeemed once per API
 * process within those ten minutes; the short expiry is what bounds that.
 */
export class Captcha {
  private readonly redeemed = new Map<string, number>();
  private readonly maxRemembered: number;
  private readonly now: () => number;

  constructor(private readonly opts: CaptchaOptions) {
    this.maxRemembered = opts.maxRemembered ?? 100_000;
    this.now = opts.now ?? Date.now;
  }

  /** A fresh challenge for GET p/captcha. */
  createChallenge(): Promise<CaptchaChallenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      hmacKey: this.opts.hmacKey,
      maxnumber: this.opts.maxNumber,
      expires: new Date(this.now() + CAPTCHA_TTL_MS),
    });
  }

  /**
   * Checks a solved challenge (the widget's base64 JSON payload) and redeems it. False for
   * anything malformed, forged, expired, wrong or already redeemed.
   */
  async redeem(encoded: string): Promise<boolean> {
    const payload = await this.check(encoded);
    if (!payload) return false;
    // Check again after the await: two requests racing with one solution must not both pass.
    if (this.redeemed.has(payload.challenge)) return false;
    this.remember(payload.challenge, Number(extractParams(payload).expires) * 1000);
    return true;
  }

  /**
   * True for a solution that redeem would accept now, without spending it: the sign-up's
   * alert preview asks for the proof of work the wizard holds for the account it will create.
   */
  async verify(encoded: string): Promise<boolean> {
    return (await this.check(encoded)) !== null;
  }

  private async check(encoded: string): Promise<Payload | null> {
    const payload = decodePayload(encoded);
    if (!payload) return null;
    const expiresAt = Number(extractParams(payload).expires) * 1000;
    const now = this.now();
    // Our challenges always carry an expiry; one without it was not issued here.
    if (!Number.isFinite(expiresAt) || expiresAt <= now || expiresAt > now + CAPTCHA_TTL_MS + 60_000) return null;
    if (this.redeemed.has(payload.challenge)) return null;
    // verifySolution checks the expiry against the real clock; ours (injectable) decided above.
    if (!(await verifySolution(payload, this.opts.hmacKey, false))) return null;
    return payload;
  }

  private remember(challenge: string, expiresAt: number) {
    const now = this.now();
    // Insertion order is close to expiry order (every challenge lives equally long).
    for (const [key, until] of this.redeemed) {
      if (until > now && this.redeemed.size < this.maxRemembered) break;
      this.redeemed.delete(key);
    }
    this.redeemed.set(challenge, expiresAt);
  }

  /** How many redeemed challenges are remembered (for tests and diagnostics). */
  get rememberedCount(): number {
    return this.redeemed.size;
  }
}

function decodePayload(encoded: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const p = value as Record<string, unknown>;
  if (p.algorithm !== ALGORITHM) return null;
  if (typeof p.challenge !== 'string' || !/^[0-9a-f]{64}$/.test(p.challenge)) return null;
  if (typeof p.signature !== 'string' || !/^[0-9a-f]{64}$/.test(p.signature)) return null;
  if (typeof p.salt !== 'string' || p.salt.length > 200) return null;
  if (typeof p.number !== 'number' || !Number.isSafeInteger(p.number) || p.number < 0) return null;
  return { algorithm: ALGORITHM, challenge: p.challenge, signature: p.signature, salt: p.salt, number: p.number };
}

/**
 * The installation's captcha in this process: one instance, so a solution redeemed at sign-up
 * cannot be redeemed again at login (and the other way round). Its key derives from the token
 * secret, loaded once.
 */
const instances = new WeakMap<object, Promise<Captcha>>();

export function captchaFor(db: Db, config: Config): Promise<Captcha> {
  let captcha = instances.get(db);
  if (!captcha) {
    captcha = loadTokenSecret(db, config).then((secret) => new Captcha({ hmacKey: deriveCaptchaKey(secret), maxNumber: config.captchaDifficulty }));
    captcha.catch(() => instances.delete(db));
    instances.set(db, captcha);
  }
  return captcha;
}
