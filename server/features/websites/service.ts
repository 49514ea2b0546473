import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { mediaScoreFromTraffic } from '../../../common/media-score.js';
import { MSG } from '../../../common/messages.js';
import type { websiteCreateBody, websiteUpdateBody } from '../../../common/schemas/websites.js';
import type { Db, Tx } from '../../db/client.js';
import type { feeds, websites } from '../../db/schema/coverage.js';
import { fieldError, notFound } from '../../http/errors.js';
import { insertFeed } from '../crawler/service.js';
import { conflictAt } from './gate.js';
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

// The plain website row by id or by exact domain, as other features look it up (the archive is
// shared: no organization scope).
export { findWebsiteByDomain, findWebsiteById };
/** The shipped outlet directory's websites (sources' start-up sync). */
export { syncDirectoryWebsites, type DirectoryWebsite, type SyncedWebsite } from './directory-repo.js';
export type { WebsiteRow } from './repo.js';

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
  if (created) return { id: created.id, created: true };
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
 * Adds a website. The score the operator typed is kept as a manual score (traffic figures
 * entered later do not overwrite it unless `reach_manual` is set back to false).
 */
export async function createWebsite(db: Db, a: CreateAttributes): Promise<WebsiteListRow> {
  await checkMediatype(db, a.mediatype_id);
  const row = await insertWebsite(db, {
    domain: a.domain,
    reach: a.reach,
    reachManual: true,
    language: a.language,
    name: a.name ?? null,
    muv: a.muv ?? null,
    rank: a.rank ?? null,
    mediatypeId: a.mediatype_id ?? null,
    isMetacritic: a.is_metacritic ?? false,
    isEa: a.is_ea ?? false,
  });
  if (!row) throw conflictAt('/data/attributes/domain', MSG.websites.domainTaken);
  return (await findWebsite(db, String(row.id)))!;
}

/**
 * Edits a website in one transaction. An explicit score makes it manual; otherwise, when the
 * traffic figures change (or `reach_manual` goes back to false) and the score is not manual,
 * the score is derived again with mediaScoreFromTraffic.
 */
export async function editWebsite(db: Db, idOrDomain: string, a: UpdateAttributes): Promise<WebsiteListRow> {
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
    muv: a.muv,
    rank: a.rank,
    geography: a.geography,
    categories: a.categories,
  };
  const manual = a.reach_manual ?? (a.reach !== undefined ? true : current.reachManual);
  set.reachManual = manual;
  if (manual) {
    if (a.reach !== undefined) set.reach = a.reach;
  } else if (a.muv !== undefined || a.rank !== undefined || a.reach_manual === false) {
    set.reach = mediaScoreFromTraffic({
      muv: a.muv !== undefined ? a.muv : current.muv,
      rank: a.rank !== undefined ? a.rank : current.rank,
    });
  }
  await db.transaction(async (tx) => {
    await updateWebsite(tx, current.id, set);
    if (a.twitter_accounts) await replaceSocialAccounts(tx, current.id, a.twitter_accounts);
  });
  return (await findWebsite(db, String(current.id)))!;
}
