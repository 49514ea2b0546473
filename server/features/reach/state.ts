/**
 * What the operator sees of the ranking beside the current list (instance settings, owned by
 * auth): the last attempt (state, when, why it failed), the daily-update switch, and which list
 * the scores were last carried to every website and article.
 */
import type { RankingSource, RankingState } from '../../../common/schemas/reach.js';
import type { Db, Tx } from '../../db/client.js';
import { readInstanceSetting, writeInstanceSetting } from '../auth/service.js';

const KEYS = { attempt: 'ranking_attempt', autoUpdate: 'ranking_auto_update', rescored: 'ranking_rescored' } as const;

export interface RankingAttempt {
  state: RankingState;
  at: string;
  source: RankingSource;
  error: string | null;
  /** The process that runs it (an `importing` attempt of a process that is gone was interrupted). */
  pid?: number;
}

/** An import that has said nothing for this long was interrupted (a restart, a power cut). */
const STALE_IMPORT_MS = 30 * 60 * 1000;

export async function readAttempt(db: Db | Tx): Promise<RankingAttempt | null> {
  const raw = await readInstanceSetting(db, KEYS.attempt);
  if (!raw) return null;
  try {
    const a = JSON.parse(raw) as RankingAttempt;
    if (a.state === 'importing' && Date.now() - Date.parse(a.at) > STALE_IMPORT_MS) {
      return { ...a, state: 'failed', error: 'The import was interrupted (the server stopped); the last list stays.' };
    }
    return a;
  } catch {
    return null;
  }
}

export async function writeAttempt(db: Db | Tx, attempt: Omit<RankingAttempt, 'at'>): Promise<void> {
  await writeInstanceSetting(db, KEYS.attempt, JSON.stringify({ ...attempt, at: new Date().toISOString(), pid: process.pid }));
}

/** At start: an attempt this process's predecessor left `importing` did not finish. */
export async function closeInterruptedAttempt(db: Db): Promise<void> {
  const raw = await readInstanceSetting(db, KEYS.attempt);
  if (!raw) return;
  try {
    const a = JSON.parse(raw) as RankingAttempt;
    if (a.state === 'importing' && a.pid !== process.pid) {
      await writeInstanceSetting(
        db,
        KEYS.attempt,
        JSON.stringify({ ...a, state: 'failed', error: 'The import was interrupted (the server stopped); the last list stays.' }),
      );
    }
  } catch {
    /* an unreadable attempt is replaced by the next one */
  }
}

export async function readAutoUpdate(db: Db | Tx): Promise<boolean> {
  return (await readInstanceSetting(db, KEYS.autoUpdate)) === 'true';
}

export async function writeAutoUpdate(db: Db | Tx, on: boolean): Promise<void> {
  await writeInstanceSetting(db, KEYS.autoUpdate, on ? 'true' : 'false');
}

export interface Rescored {
  listId: number | null;
  at: string;
}

export async function readRescored(db: Db | Tx): Promise<Rescored | null> {
  const raw = await readInstanceSetting(db, KEYS.rescored);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Rescored;
  } catch {
    return null;
  }
}

export async function writeRescored(db: Db | Tx, listId: number | null): Promise<void> {
  await writeInstanceSetting(db, KEYS.rescored, JSON.stringify({ listId, at: new Date().toISOString() }));
}
