/**
 * What GDELT discovery keeps beside its tables (instance settings, owned by auth): the
 * operator's switch and the back-off GDELT's refusals set (exponential, visible on the sources
 * screen). Like the ranking's daily-update switch (features/reach/state.ts).
 */
import type { Db, Tx } from '../../db/client.js';
import { readInstanceSetting, writeInstanceSetting } from '../auth/service.js';

const KEYS = { enabled: 'gdelt_enabled', backoff: 'gdelt_backoff' } as const;

/** The operator's switch; GDELT_ENABLED until it was switched. */
export async function readEnabled(db: Db | Tx, fallback: boolean): Promise<boolean> {
  const raw = await readInstanceSetting(db, KEYS.enabled);
  return raw === null ? fallback : raw === 'true';
}

export async function writeEnabled(db: Db | Tx, on: boolean): Promise<void> {
  await writeInstanceSetting(db, KEYS.enabled, on ? 'true' : 'false');
}

export interface Backoff {
  /** Refusals in a row (0: none since the last answer). */
  level: number;
  /** No request before this (ISO), or null. */
  until: string | null;
  lastRefusalAt: string | null;
  lastRefusal: string | null;
}

const NONE: Backoff = { level: 0, until: null, lastRefusalAt: null, lastRefusal: null };

/** The first wait after a refusal, doubled at each refusal in a row, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_MAX_MS = 60 * 60_000;

export async function readBackoff(db: Db | Tx): Promise<Backoff> {
  const raw = await readInstanceSetting(db, KEYS.backoff);
  if (!raw) return NONE;
  try {
    return { ...NONE, ...(JSON.parse(raw) as Partial<Backoff>) };
  } catch {
    return NONE;
  }
}

/** GDELT refused (429 or its "limit requests" text): wait 1, 2, 4 … minutes, at most an hour; a Retry-After longer than that wins. */
export async function recordRefusal(db: Db | Tx, message: string, now: Date, retryAfterSeconds?: number): Promise<Backoff> {
  const before = await readBackoff(db);
  const level = before.level + 1;
  const wait = Math.max(Math.min(BACKOFF_BASE_MS * 2 ** (level - 1), BACKOFF_MAX_MS), (retryAfterSeconds ?? 0) * 1000);
  const next: Backoff = { level, until: new Date(now.getTime() + wait).toISOString(), lastRefusalAt: now.toISOString(), lastRefusal: message };
  await writeInstanceSetting(db, KEYS.backoff, JSON.stringify(next));
  return next;
}

/** An answer after refusals: the back-off ends (the last refusal stays visible). */
export async function clearBackoff(db: Db | Tx): Promise<void> {
  const before = await readBackoff(db);
  if (before.level === 0 && before.until === null) return;
  await writeInstanceSetting(db, KEYS.backoff, JSON.stringify({ ...before, level: 0, until: null }));
}
