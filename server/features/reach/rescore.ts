/**
 * Carrying the current ranking to every website and article. Websites are taken in id order,
 * those not yet scored from the current list only, a page per transaction: each page's websites
 * and, where their score or visitors changed, their archive articles, alert feed rows and saved
 * coverage (not the saved articles whose score a person typed) commit together. A rescoring cut
 * short resumes where it stopped; one that finds nothing stale costs one query.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { rescoreAlertArticles } from '../alerts/service.js';
import { rescoreSavedArticles } from '../articles/service.js';
import { rescoreArchiveArticles } from '../crawler/service.js';
import { articleFiguresChanged, currentRankingList, deriveForList, websitesForScoring, writeDerivedReach } from '../websites/service.js';
import { writeRescored } from './state.js';

export interface RescoreResult {
  listId: number | null;
  websites: number;
  websitesChanged: number;
  articles: number;
  feedRows: number;
  saved: number;
  ms: number;
}

/** Websites per transaction: small enough that a page commits in well under a second on a large archive. */
export const RESCORE_PAGE = 100;

export async function rescoreStale(deps: { db: Db; log?: Logger }, page = RESCORE_PAGE): Promise<RescoreResult> {
  const started = performance.now();
  const { db } = deps;
  const list = await currentRankingList(db);
  const listId = list?.id ?? null;
  const result: RescoreResult = { listId, websites: 0, websitesChanged: 0, articles: 0, feedRows: 0, saved: 0, ms: 0 };
  let after = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await websitesForScoring(tx, after, page, listId);
      if (!rows.length) return true;
      after = rows[rows.length - 1].id;
      const derived = await deriveForList(tx, rows, listId);
      await writeDerivedReach(tx, derived);
      const changed = derived.filter((d, i) => articleFiguresChanged(rows[i], d)).map((d) => d.id);
      result.websites += rows.length;
      result.websitesChanged += changed.length;
      if (changed.length) {
        result.articles += await rescoreArchiveArticles(tx, changed);
        result.feedRows += await rescoreAlertArticles(tx, changed);
        result.saved += await rescoreSavedArticles(tx, changed);
      }
      return false;
    });
    if (done) break;
  }
  if (result.websites > 0 || listId !== null) await writeRescored(db, listId);
  result.ms = Math.round(performance.now() - started);
  if (result.websites) deps.log?.info({ job: 'ranking-rescore', ...result }, 'websites and articles rescored from the ranking');
  return result;
}
