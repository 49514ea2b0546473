/**
 * A ranking import from start to end: the attempt is recorded, the list loaded (or refused
 * whole), then carried to every website and article. What the operator sees of it:
 * rankingStatus. When lists are fetched on their own: refreshRankingIfDue.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import type { RankingAttributes, RankingSource } from '../../../common/schemas/reach.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { fetchConfiguredRanking, fetchTrancoRanking, RankingUnreachableError } from './ranking-fetch.js';
import { RankingFileError } from './ranking-parse.js';
import { currentList, importRankingList, lastImportFrom, RankingBusyError, type ImportedList, type RankingListMeta } from './ranking-store.js';
import { rescoreStale, type RescoreResult } from './rescore.js';
import { readAttempt, readAutoUpdate, readRescored, writeAttempt } from './state.js';

export interface ReachDeps {
  db: Db;
  config: Config;
  log: Logger;
}

export type ImportOutcome = { ok: true; list: ImportedList; rescore: RescoreResult } | { ok: false; error: string };

/** A sentence for the operator from an import's failure (unknown errors are logged, not shown raw). */
function failureText(err: unknown, log: Logger): string {
  if (err instanceof RankingFileError || err instanceof RankingUnreachableError || err instanceof RankingBusyError)
    return `${err.message} The last list stays.`;
  log.error({ err }, 'ranking import failed');
  return 'The import failed on the server (see its log); the last list stays.';
}

/**
 * Opens a source and imports it as the new current list, then rescores. Never throws: the
 * outcome (and the attempt shown on the Websites screen) says what happened.
 */
export async function runRankingImport(
  deps: ReachDeps,
  source: RankingSource,
  open: () => Promise<{ meta: RankingListMeta; stream: Readable }>,
): Promise<ImportOutcome> {
  const { db, log } = deps;
  await writeAttempt(db, { state: 'importing', source, error: null });
  let list: ImportedList;
  try {
    const { meta, stream } = await open();
    try {
      list = await importRankingList(db, meta, stream);
    } finally {
      stream.destroy();
    }
  } catch (err) {
    const error = failureText(err, log);
    await writeAttempt(db, { state: 'failed', source, error });
    log.warn({ job: 'ranking-import', source, error }, 'ranking not imported');
    return { ok: false, error };
  }
  log.info({ job: 'ranking-import', source, ...list }, 'ranking imported');
  const rescore = await rescoreStale({ db, log });
  await writeAttempt(db, { state: 'ok', source, error: null });
  return { ok: true, list, rescore };
}

/** Fetches from RANKING_URL or Tranco. */
export function fetchRanking(deps: ReachDeps, source: 'url' | 'tranco'): Promise<ImportOutcome> {
  return runRankingImport(deps, source, () => (source === 'url' ? fetchConfiguredRanking(deps.config) : fetchTrancoRanking(deps.config)));
}

/** A failed fetch is tried again after this long, not at every tick. */
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** Tranco publishes a list a day. */
const TRANCO_EVERY_MS = 20 * 60 * 60 * 1000;

/**
 * The scheduled check: RANKING_URL every RANKING_REFRESH_HOURS (and at start: `atStart`), else
 * Tranco once a day when the operator switched daily updates on. Nothing is fetched otherwise.
 */
export async function refreshRankingIfDue(deps: ReachDeps, opts: { atStart?: boolean } = {}): Promise<ImportOutcome | null> {
  const { db, config } = deps;
  const attempt = await readAttempt(db);
  if (attempt?.state === 'importing') return null;
  const recentFailure = (source: RankingSource) =>
    !opts.atStart && attempt?.state === 'failed' && attempt.source === source && Date.now() - Date.parse(attempt.at) < RETRY_AFTER_MS;
  if (config.ranking.url) {
    const last = await lastImportFrom(db, 'url');
    const due = opts.atStart || !last || Date.now() - last.getTime() >= config.ranking.refreshHours * 3_600_000;
    if (due && !recentFailure('url')) return fetchRanking(deps, 'url');
    return null;
  }
  if (await readAutoUpdate(db)) {
    const last = await lastImportFrom(db, 'tranco');
    if ((!last || Date.now() - last.getTime() >= TRANCO_EVERY_MS) && !recentFailure('tranco')) return fetchRanking(deps, 'tranco');
  }
  return null;
}

/** The Tranco list page of a list id (the citation the authors ask for). */
export const trancoListUrl = (id: string) => `https://tranco-list.eu/list/${encodeURIComponent(id)}/`;

export async function rankingStatus(deps: { db: Db; config: Config }): Promise<RankingAttributes> {
  const { db, config } = deps;
  const [list, attempt, autoUpdate, rescored, counts] = await Promise.all([
    currentList(db),
    readAttempt(db),
    readAutoUpdate(db),
    readRescored(db),
    db.execute<{ ranked: string; unranked: string; manual: string }>(sql`
      select count(*) filter (where reach_source = 'ranking')::text as ranked,
             count(*) filter (where reach_source = 'default')::text as unranked,
             count(*) filter (where reach_source = 'manual')::text as manual
        from websites`),
  ]);
  const c = counts.rows[0];
  return {
    list_date: list?.listDate ?? null,
    domains: list?.domains ?? 0,
    skipped: list?.skipped ?? 0,
    imported_at: list?.importedAt.toISOString() ?? null,
    source: list?.source ?? null,
    source_url: list?.sourceUrl ?? null,
    tranco_id: list?.trancoId ?? null,
    list_url: list?.trancoId ? trancoListUrl(list.trancoId) : null,
    state: attempt?.state ?? 'none',
    last_attempt_at: attempt?.at ?? null,
    last_error: attempt?.state === 'failed' ? attempt.error : null,
    last_attempt_source: attempt?.source ?? null,
    auto_update: autoUpdate,
    url_configured: Boolean(config.ranking.url),
    refresh_hours: config.ranking.refreshHours,
    websites_ranked: Number(c.ranked),
    websites_unranked: Number(c.unranked),
    websites_manual: Number(c.manual),
    rescored_at: rescored && list && rescored.listId === list.id ? rescored.at : null,
  };
}
