/**
 * The websites' reach columns: the score and visitors derived from the current ranking list
 * (read-only here: ranking_lists and ranking_entries belong to features/reach), written by the
 * rescoring after a list arrives and when a website is added.
 */
import { sql } from 'drizzle-orm';
import { mediaScoreFromRank, visitorsFromRank } from '../../../common/media-score.js';
import type { MuvSource, ReachSource } from '../../../common/schemas/reach.js';
import type { Tx } from '../../db/client.js';
import { registrableDomain } from '../../net/domains.js';

/** The current ranking list (id and date), or null before the first import. */
export async function currentRankingList(db: Tx): Promise<{ id: number; listDate: string } | null> {
  const { rows } = await db.execute<{ id: number; list_date: string }>(sql`select id, list_date::text from ranking_lists where current`);
  return rows[0] ? { id: rows[0].id, listDate: rows[0].list_date } : null;
}

/** Ranks of registrable domains in a list (domains missing from it are absent from the map). */
export async function ranksOf(db: Tx, listId: number, domains: string[]): Promise<Map<string, number>> {
  if (!domains.length) return new Map();
  const { rows } = await db.execute<{ domain: string; rank: number }>(
    sql`select domain, rank from ranking_entries where list_id = ${listId} and domain = any(${sql.param(domains)}::text[])`,
  );
  return new Map(rows.map((r) => [r.domain, r.rank]));
}

/** What scoring needs of a website. */
export interface ScoringRow {
  id: number;
  domain: string;
  reach: number;
  reachSource: ReachSource;
  muv: number | null;
  muvSource: MuvSource | null;
  rank: number | null;
  rankListId: number | null;
}

/** The derived reach columns of a website, given its rank in a list (null: unranked) and what it has now. */
export interface DerivedReach {
  id: number;
  rank: number | null;
  rankListId: number | null;
  reach: number;
  reachSource: ReachSource;
  muv: number | null;
  muvSource: MuvSource | null;
}

/**
 * A website's reach from its rank: the score unless a person typed it; the visitors' estimate
 * unless SimilarWeb measured them or a person typed them.
 */
export function deriveReach(w: ScoringRow, rank: number | null, listId: number | null): DerivedReach {
  const manualScore = w.reachSource === 'manual';
  const measured = w.muvSource === 'similarweb' || w.muvSource === 'manual';
  const estimate = visitorsFromRank(rank);
  return {
    id: w.id,
    rank,
    rankListId: listId,
    reach: manualScore ? w.reach : mediaScoreFromRank(rank),
    reachSource: manualScore ? 'manual' : rank === null ? 'default' : 'ranking',
    muv: measured ? w.muv : estimate,
    muvSource: measured ? w.muvSource : estimate === null ? null : 'estimate',
  };
}

type ScoringDbRow = {
  id: number;
  domain: string;
  reach: number;
  reach_source: ReachSource;
  muv: string | null;
  muv_source: MuvSource | null;
  rank: number | null;
  rank_list_id: number | null;
};
const scoringColumns = sql`id, domain, reach, reach_source, muv, muv_source, rank, rank_list_id`;
const toScoringRow = (r: ScoringDbRow): ScoringRow => ({
  id: r.id,
  domain: r.domain,
  reach: Number(r.reach),
  reachSource: r.reach_source,
  muv: r.muv === null ? null : Number(r.muv),
  muvSource: r.muv_source,
  rank: r.rank,
  rankListId: r.rank_list_id,
});

/**
 * Websites in id order after `afterId` (a page of the rescoring); with `staleFor`, only those
 * not yet scored from that list (added since, by any path: the directory, a suggestion, the demo).
 */
export async function websitesForScoring(db: Tx, afterId: number, limit: number, staleFor?: number | null): Promise<ScoringRow[]> {
  const stale = staleFor === undefined ? sql`` : sql`and rank_list_id is distinct from ${staleFor}`;
  // Locked until the caller's transaction writes them: an edit made meanwhile waits, and is not undone.
  const { rows } = await db.execute<ScoringDbRow>(
    sql`select ${scoringColumns} from websites where id > ${afterId} ${stale} order by id limit ${limit} for no key update`,
  );
  return rows.map(toScoringRow);
}

export async function websitesByIds(db: Tx, ids: number[]): Promise<ScoringRow[]> {
  const { rows } = await db.execute<ScoringDbRow>(
    sql`select ${scoringColumns} from websites where id = any(${sql.param(ids)}::int[]) order by id for no key update`,
  );
  return rows.map(toScoringRow);
}

/** The rank of each website's registrable domain in `listId`, derived into its reach columns. */
export async function deriveForList(db: Tx, rows: ScoringRow[], listId: number | null): Promise<DerivedReach[]> {
  const keys = rows.map((w) => registrableDomain(w.domain));
  const ranks = listId === null ? new Map<string, number>() : await ranksOf(db, listId, [...new Set(keys.filter((k): k is string => !!k))]);
  return rows.map((w, i) => {
    const key = keys[i];
    const rank = key ? (ranks.get(key) ?? null) : null;
    return deriveReach(w, rank, listId);
  });
}

/** Did anything an article copies (score, visitors) change? */
export function articleFiguresChanged(before: ScoringRow, after: DerivedReach): boolean {
  return before.reach !== after.reach || before.muv !== after.muv;
}

/** Writes derived reach columns (one statement for the batch). */
export async function writeDerivedReach(tx: Tx, rows: DerivedReach[]): Promise<void> {
  if (!rows.length) return;
  const col = <T>(f: (r: DerivedReach) => T) => sql.param(rows.map(f));
  await tx.execute(sql`
    update websites w set rank = t.rank, rank_list_id = t.rank_list_id, reach = t.reach, reach_source = t.reach_source,
      muv = t.muv, muv_source = t.muv_source, updated_at = now()
    from unnest(${col((r) => r.id)}::int[], ${col((r) => r.rank)}::int[], ${col((r) => r.rankListId)}::int[], ${col((r) => r.reach)}::real[],
                ${col((r) => r.reachSource)}::text[], ${col((r) => r.muv)}::bigint[], ${col((r) => r.muvSource)}::text[])
      as t(id, rank, rank_list_id, reach, reach_source, muv, muv_source)
    where w.id = t.id`);
}
