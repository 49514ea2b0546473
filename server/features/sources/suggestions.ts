import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { feedTypeOfKind, type DiscoveredFeed, type SuggestionStatus } from '../../../common/schemas/sources.js';
import { domainOf, normalizeUserUrl } from '../../../common/url.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { feeds as feedsTable } from '../../db/schema/coverage.js';
import { websiteSuggestions } from '../../db/schema/sources.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { FetchError } from '../../net/http-client.js';
import { enableWebsiteFeeds, enqueueFeedPoll, insertNewFeeds } from '../crawler/service.js';
import { ensureWebsite, findWebsiteByDomain } from '../websites/service.js';
import { discoverFeeds, type DiscoveryResult } from './discover.js';

export type SuggestionRow = typeof websiteSuggestions.$inferSelect;

export interface SuggestionsDeps {
  db: Db;
  boss: PgBoss | null;
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler' | 'sourcesSelfService'>;
}

/** Outlets an organization may suggest in a day: each runs discovery (up to 24 fetches). */
export const SUGGESTIONS_PER_DAY = 20;

const URL_POINTER = '/data/attributes/url';

/** Discovery with the crawler's settings; a private or malformed address is the field's error. */
export async function discoverForPerson(config: SuggestionsDeps['config'], url: string): Promise<DiscoveryResult> {
  try {
    return await discoverFeeds(url, {
      allowPrivate: config.allowPrivateNetwork,
      userAgent: config.crawler.userAgent,
      hostConcurrency: config.crawler.hostConcurrency,
    });
  } catch (err) {
    if (err instanceof FetchError && (err.code === 'blocked_address' || err.code === 'invalid_url')) throw fieldError(URL_POINTER, err.message);
    throw err;
  }
}

/** An outlet's domain as websites keep it; a site on its own port is another site (as a browser's origin says). */
export function outletDomain(url: string): string {
  const domain = domainOf(url);
  const { port } = new URL(url);
  return domain && port ? `${domain}:${port}` : domain;
}

async function monitored(db: Tx, websiteId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(feedsTable)
    .where(and(eq(feedsTable.websiteId, websiteId), eq(feedsTable.disabled, false)));
  return row.n > 0;
}

/**
 * An organization admin suggests an outlet. The same domain asked again while its suggestion is
 * open answers that suggestion; a domain the installation already has points to it (and, when
 * none of its feeds is on, waits for the operator like any suggestion); otherwise discovery runs
 * and its findings are kept for the operator. With SOURCES_SELF_SERVICE it is approved at once.
 */
export async function suggestOutlet(
  deps: SuggestionsDeps,
  who: { orgId: number; userId: number },
  input: string,
  now = new Date(),
): Promise<{ row: SuggestionRow; created: boolean }> {
  const url = normalizeUserUrl(input);
  const domain = url ? outletDomain(url) : '';
  if (!url || !domain) throw fieldError(URL_POINTER, 'Ups! Website URL is not valid');
  const [open] = await deps.db
    .select()
    .from(websiteSuggestions)
    .where(and(eq(websiteSuggestions.organizationId, who.orgId), eq(websiteSuggestions.domain, domain), eq(websiteSuggestions.status, 'pending')));
  if (open) return { row: open, created: false };
  await assertWithinDailyLimit(deps.db, who.orgId, now);

  const known = await findWebsiteByDomain(deps.db, domain);
  if (known) {
    const on = await monitored(deps.db, known.id);
    const row = await insertSuggestion(deps.db, {
      organizationId: who.orgId,
      userId: who.userId,
      url: input.trim(),
      domain,
      websiteId: known.id,
      status: on ? 'approved' : 'pending',
      decidedAt: on ? now : null,
      feeds: [],
      reason: null,
      createdAt: now,
    });
    if (!on && deps.config.sourcesSelfService) return { row: await decideSuggestion(deps, row.id, 'approved', who.userId, now), created: false };
    return { row, created: false };
  }

  const found = await discoverForPerson(deps.config, input);
  const row = await insertSuggestion(deps.db, {
    organizationId: who.orgId,
    userId: who.userId,
    url: input.trim(),
    domain,
    feeds: found.feeds,
    reason: found.reason,
    createdAt: now,
  });
  if (deps.config.sourcesSelfService && found.feeds.length > 0)
    return { row: await decideSuggestion(deps, row.id, 'approved', who.userId, now), created: true };
  return { row, created: true };
}

async function assertWithinDailyLimit(db: Tx, orgId: number, now: Date) {
  const since = new Date(now.getTime() - 86_400_000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(websiteSuggestions)
    .where(and(eq(websiteSuggestions.organizationId, orgId), gt(websiteSuggestions.createdAt, since)));
  if (n >= SUGGESTIONS_PER_DAY) {
    throw new AppError('rate_limited', `An organization can suggest ${SUGGESTIONS_PER_DAY} outlets a day. Please try again tomorrow.`);
  }
}

async function insertSuggestion(db: Tx, values: typeof websiteSuggestions.$inferInsert): Promise<SuggestionRow> {
  // Two identical requests at once: the open-suggestion index keeps one; the other answers it.
  const [row] = await db.insert(websiteSuggestions).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [open] = await db
    .select()
    .from(websiteSuggestions)
    .where(
      and(eq(websiteSuggestions.organizationId, values.organizationId), eq(websiteSuggestions.domain, values.domain), eq(websiteSuggestions.status, 'pending')),
    );
  return open;
}

/**
 * What approving a discovery adds: the outlet's main feed (the first proven one; a page names its
 * main feed first, and the same stories in RSS and Atom would be polled twice), or its news sitemap
 * when it has no feed. The other candidates stay listed on the suggestion.
 */
export function mainFeeds(found: DiscoveredFeed[]): DiscoveredFeed[] {
  const feed = found.find((f) => f.kind !== 'news_sitemap');
  return feed ? [feed] : found.slice(0, 1);
}

/**
 * A suggestion nobody ran discovery on (GDELT's: found from its articles, the outlet not fetched
 * until the operator acts) is discovered when the operator approves it, from its homepage; what is
 * found (or the reason nothing was) is kept on the suggestion.
 */
async function discoverBeforeApproval(deps: Pick<SuggestionsDeps, 'db' | 'config'>, id: number): Promise<void> {
  const [current] = await deps.db.select().from(websiteSuggestions).where(eq(websiteSuggestions.id, id));
  if (!current || current.status === 'approved' || current.websiteId !== null || (current.feeds as DiscoveredFeed[]).length > 0) return;
  let found: DiscoveryResult;
  try {
    found = await discoverForPerson(deps.config, current.domain);
  } catch (err) {
    if (err instanceof AppError) throw fieldError('/data/attributes/status', `Nothing to monitor: ${err.message}`);
    throw err;
  }
  await deps.db.update(websiteSuggestions).set({ feeds: found.feeds, reason: found.reason }).where(eq(websiteSuggestions.id, id));
}

/**
 * The operator approves or rejects. Approving adds the outlet (or uses the one the domain already
 * is) with the discovered feeds, switched on and polled at once; a suggestion not discovered yet
 * (GDELT's) is discovered first when the configuration is given.
 */
export async function decideSuggestion(
  deps: Pick<SuggestionsDeps, 'db' | 'boss'> & Partial<Pick<SuggestionsDeps, 'config'>>,
  id: number,
  status: Exclude<SuggestionStatus, 'pending'>,
  userId: number,
  now = new Date(),
): Promise<SuggestionRow> {
  if (status === 'approved' && deps.config) await discoverBeforeApproval({ db: deps.db, config: deps.config }, id);
  const { row, polls } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(websiteSuggestions).where(eq(websiteSuggestions.id, id)).for('update');
    if (!current) throw notFound('suggestion');
    let websiteId = current.websiteId;
    let polls: number[] = [];
    if (status === 'approved' && current.status !== 'approved') {
      const found = current.feeds as DiscoveredFeed[];
      if (websiteId === null && found.length === 0) {
        throw fieldError('/data/attributes/status', 'Nothing to monitor: no feed or news sitemap was found for this outlet');
      }
      if (websiteId === null) {
        const site = await ensureWebsite(tx, { domain: current.domain, name: found.find((f) => f.title)?.title?.slice(0, 120) ?? null, language: 'unknown' });
        websiteId = site.id;
      }
      const created = await insertNewFeeds(
        tx,
        mainFeeds(found).map((f) => ({
          websiteId: websiteId!,
          feed: f.url,
          type: feedTypeOfKind(f.kind),
          title: f.title,
          origin: 'suggestion',
          nextCheckAt: now,
        })),
      );
      polls = [...created.map((c) => c.id), ...(await enableWebsiteFeeds(tx, websiteId, now))];
    }
    const [row] = await tx
      .update(websiteSuggestions)
      .set({ status, websiteId, decidedAt: now, decidedBy: userId })
      .where(eq(websiteSuggestions.id, id))
      .returning();
    return { row, polls };
  });
  for (const feedId of new Set(polls)) await enqueueFeedPoll(deps.boss, feedId);
  return row;
}

/** One suggestion: any for the operator, else only the organization's own. */
export async function findSuggestion(db: Tx, id: number, orgId: number | null): Promise<SuggestionRow | undefined> {
  const [row] = await db
    .select()
    .from(websiteSuggestions)
    .where(and(eq(websiteSuggestions.id, id), orgId === null ? undefined : eq(websiteSuggestions.organizationId, orgId)));
  return row;
}

export interface SuggestionListRow extends SuggestionRow {
  organizationName: string | null;
  monitored: boolean;
}

/** A page of suggestions, newest first: an organization's own, or every one for the operator (`orgId` null). */
export async function listSuggestions(
  db: Tx,
  opts: { orgId: number | null; status?: string; id?: number; limit: number; offset: number },
): Promise<{ rows: SuggestionListRow[]; total: number }> {
  const where = and(
    opts.orgId === null ? undefined : eq(websiteSuggestions.organizationId, opts.orgId),
    opts.status ? eq(websiteSuggestions.status, opts.status) : undefined,
    opts.id === undefined ? undefined : eq(websiteSuggestions.id, opts.id),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        row: websiteSuggestions,
        // Qualified by hand: inside these subqueries an unqualified column would name the inner table's.
        organizationName: sql<string | null>`(select o.name from organizations o where o.id = website_suggestions.organization_id)`,
        monitored: sql<boolean>`exists (select 1 from feeds f where f.website_id = website_suggestions.website_id and not f.disabled)`,
      })
      .from(websiteSuggestions)
      .where(where)
      .orderBy(desc(websiteSuggestions.createdAt), desc(websiteSuggestions.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(websiteSuggestions).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.row, organizationName: r.organizationName, monitored: Boolean(r.monitored) })), total: n };
}

/** One suggestion as the list shows it (with its organization's name and whether its outlet is monitored). */
export async function readSuggestion(db: Tx, id: number): Promise<SuggestionListRow> {
  const [row] = (await listSuggestions(db, { orgId: null, id, limit: 1, offset: 0 })).rows;
  if (!row) throw notFound('suggestion');
  return row;
}

/** An outlet outside the pool where GDELT discovery found articles for an organization's alerts. */
export interface FoundOutlet {
  orgId: number;
  domain: string;
  /** An article's address on it (the suggestion's URL until the operator looks). */
  url: string;
  articles: number;
}

/**
 * GDELT discovery suggests the outlets outside the pool it found the alerts' articles on (issue 31):
 * one open suggestion per organization and domain (`source: 'gdelt'`), its article count growing
 * with each search. A domain the organization's suggestion of was rejected is not suggested again;
 * a person's open suggestion of the domain counts the articles too. No discovery runs here (no
 * request to the outlet): the operator sees the count and decides.
 */
export async function recordFoundOutlets(tx: Tx, found: FoundOutlet[], now: Date): Promise<number> {
  if (found.length === 0) return 0;
  const list = [...found].sort((a, b) => a.orgId - b.orgId || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
  const col = <T>(f: (o: FoundOutlet) => T) => sql.param(list.map(f));
  const result = await tx.execute(sql`
    insert into website_suggestions (organization_id, url, domain, status, feeds, source, articles, created_at)
    select t.org_id, t.url, t.domain, 'pending', '[]'::jsonb, 'gdelt', t.n, ${now.toISOString()}::timestamptz
      from unnest(${col((o) => o.orgId)}::int[], ${col((o) => o.domain)}::text[], ${col((o) => o.url)}::text[], ${col((o) => o.articles)}::int[])
        as t(org_id, domain, url, n)
     where not exists (select 1 from website_suggestions r where r.organization_id = t.org_id and r.domain = t.domain and r.status = 'rejected')
     order by t.org_id, t.domain
    on conflict (organization_id, domain) where status = 'pending'
      do update set articles = website_suggestions.articles + excluded.articles`);
  return result.rowCount ?? 0;
}
