import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import type { websiteCreateBody, websiteUpdateBody } from '../../../common/schemas/websites.js';
import type { Db, Tx } from '../../db/client.js';
import type { feeds, websites } from '../../db/schema/coverage.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { insertFeed } from '../crawler/service.js';
import {
  findWebsite,
  findWebsiteByDomain,
  findWebsiteById,
  insertWebsite,
  mediatypeExists,
  replaceSocialAccounts,
  updateWebsite,
  type WebsiteListRow,
} from './repo.js';
import { currentRankingList, deriveForList, websitesByIds, writeDerivedReach, type DerivedReach } from './reach-repo.js';

/** A 409 on one attribute (a domain or feed that already exists). */
export const conflictAt = (pointer: string, detail: string) => new AppError('conflict', detail, pointer);

// The plain website row by id or by exact domain, as other features look it up (the archive is
// shared: no organization scope).
export { findWebsiteByDomain, findWebsiteById };
/** The shipped outlet directory's websites (sources' start-up sync). */
export { syncDirectoryWebsites, type DirectoryWebsite, type SyncedWebsite } from './directory-repo.js';
export type { WebsiteRow } from './repo.js';
/** Reach from the ranking (features/reach's rescoring pages through websites with these). */
export {
  articleFiguresChanged,
  currentRankingList,
  deriveForList,
  websitesForScoring,
  writeDerivedReach,
  type DerivedReach,
  type ScoringRow,
} from './reach-repo.js';
/** SimilarWeb's figures and lookup state (features/reach's traffic refresh). */
export { applyWebsiteTraffic, listWebsitesForTraffic, type WebsiteTraffic } from './traffic-repo.js';

/**
 * Adds a website with one feed and its Twitter account as given, without the API's checks: for
 * known-good data such as the demo outlets. Throws when the domain or feed already exists.
 */
export async function addWebsiteWithFeed(
  tx: Tx,
  website: typeof websites.$inferInsert,
  feed: Omit<typeof feeds.$inferInsert, 'websiteId'>,
  twitter?: string | null,
): Promise<{ websiteId: number; feedId: number }> {
  const w = await insertWebsite(tx, website);
  if (!w) throw new Error(`website ${website.domain} exists`);
  const f = await insertFeed(tx, { ...feed, websiteId: w.id });
  if (!f) throw new Error(`feed ${feed.feed} exists`);
  if (twitter) await replaceSocialAccounts(tx, w.id, [twitter]);
  return { websiteId: w.id, feedId: f.id };
}

/**
 * The website of a domain, added when missing (an approved outlet suggestion): its id and
 * whether it was created now.
 */
export async function ensureWebsite(tx: Tx, values: { domain: string; name: string | null; language: string }): Promise<{ id: number; created: boolean }> {
  const created = await insertWebsite(tx, values);
  if (created) {
    await rescoreWebsites(tx, [created.id]);
    return { id: created.id, created: true };
  }
  const existing = await findWebsiteByDomain(tx, values.domain);
  if (!existing) throw new Error(`website ${values.domain} vanished`);
  return { id: existing.id, created: false };
}

type CreateAttributes = z.output<typeof websiteCreateBody>['data']['attributes'];
type UpdateAttributes = z.output<typeof websiteUpdateBody>['data']['attributes'];

async function checkMediatype(db: Db, id: number | null | undefined) {
  if (id !== null && id !== undefined && !(await mediatypeExists(db, id))) {
    throw fieldError('/data/attributes/mediatype_id', 'Unknown media type');
  }
}

/**
 * Adds a website. Without a typed score it is scored from the current ranking at once (its
 * registrable domain's rank; 0.1 when unranked); a typed score is kept as the person's, across
 * ranking imports. Typed visitors are kept likewise; otherwise they are estimated from the rank
 * (SimilarWeb's, when connected, arrive from the traffic job).
 */
export async function createWebsite(db: Db, a: CreateAttributes, actor: { userId: number }): Promise<WebsiteListRow> {
  await checkMediatype(db, a.mediatype_id);
  const row = await db.transaction(async (tx) => {
    const typedScore = a.reach !== null && a.reach !== undefined;
    const typedVisitors = a.muv !== null && a.muv !== undefined;
    const inserted = await insertWebsite(tx, {
      domain: a.domain,
      reach: typedScore ? a.reach! : 0.1,
      reachSource: typedScore ? 'manual' : 'default',
      reachSetBy: typedScore ? actor.userId : null,
      reachSetAt: typedScore ? new Date() : null,
      language: a.language,
      name: a.name ?? null,
      muv: typedVisitors ? a.muv! : null,
      muvSource: typedVisitors ? 'manual' : null,
      mediatypeId: a.mediatype_id ?? null,
      isMetacritic: a.is_metacritic ?? false,
      isEa: a.is_ea ?? false,
    });
    if (inserted) await rescoreWebsites(tx, [inserted.id]);
    return inserted;
  });
  if (!row) throw conflictAt('/data/attributes/domain', MSG.websites.domainTaken);
  return (await findWebsite(db, String(row.id)))!;
}

/**
 * Edits a website in one transaction. A typed score becomes the person's (`manual`, with who
 * and when); `reach_manual: false` gives the score back to the ranking. Typed visitors are kept
 * as typed; `muv: null` gives them back to SimilarWeb or the estimate. Whatever is derived is
 * derived again from the current list in the same transaction.
 */
export async function editWebsite(db: Db, idOrDomain: string, a: UpdateAttributes, actor: { userId: number }): Promise<WebsiteListRow> {
  const current = await findWebsite(db, idOrDomain);
  if (!current) throw notFound('website');
  await checkMediatype(db, a.mediatype_id);
  const set: PgUpdateSetSource<typeof websites> = {
    name: a.name,
    avatar: a.avatar,
    language: a.language,
    mediatypeId: a.mediatype_id,
    isMetacritic: a.is_metacritic,
    isEa: a.is_ea,
    geography: a.geography,
    categories: a.categories,
  };
  if (a.reach_manual === false) {
    Object.assign(set, { reachSource: 'default', reachSetBy: null, reachSetAt: null });
  } else if (a.reach !== undefined) {
    Object.assign(set, { reach: a.reach, reachSource: 'manual', reachSetBy: actor.userId, reachSetAt: new Date() });
  }
  if (a.muv !== undefined) Object.assign(set, a.muv === null ? { muv: null, muvSource: null } : { muv: a.muv, muvSource: 'manual' });
  await db.transaction(async (tx) => {
    await updateWebsite(tx, current.id, set);
    await rescoreWebsites(tx, [current.id]);
    if (a.twitter_accounts) await replaceSocialAccounts(tx, current.id, a.twitter_accounts);
  });
  return (await findWebsite(db, String(current.id)))!;
}

/**
 * Derives the reach of these websites from the current ranking list in the caller's
 * transaction (the derived columns only: typed figures stay). Their articles follow through
 * the rescoring of features/reach when a list arrives; a single website's edit is rare and
 * its articles take the new figures at the next rescoring or ingest.
 */
export async function rescoreWebsites(tx: Tx, ids: number[]): Promise<DerivedReach[]> {
  const list = await currentRankingList(tx);
  const rows = await websitesByIds(tx, ids);
  const derived = await deriveForList(tx, rows, list?.id ?? null);
  await writeDerivedReach(tx, derived);
  return derived;
}
