/**
 * The websites' icons (table `website_icons`, owned by this feature). Websites are shared
 * platform data: there is no organization to scope by, and an icon is public by nature.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { feeds, websiteIcons, websites } from '../../db/schema/coverage.js';

/** The domain of a website to fetch the icon of. */
export async function findIconTarget(db: Tx, websiteId: number): Promise<{ id: number; domain: string; errorCount: number } | undefined> {
  const [row] = await db
    .select({ id: websites.id, domain: websites.domain, errorCount: sql<number>`coalesce(${websiteIcons.errorCount}, 0)` })
    .from(websites)
    .leftJoin(websiteIcons, eq(websiteIcons.websiteId, websites.id))
    .where(eq(websites.id, websiteId));
  return row ? { ...row, errorCount: Number(row.errorCount) } : undefined;
}

/** Records an attempt: the icon (a success resets the error count) or the failure and when to try again. */
export async function recordIconAttempt(
  db: Tx,
  websiteId: number,
  outcome: { png: Buffer; sourceUrl: string; nextCheckAt: Date } | { error: string; errorCount: number; nextCheckAt: Date },
): Promise<void> {
  const now = new Date();
  const values =
    'png' in outcome
      ? { png: outcome.png, sourceUrl: outcome.sourceUrl, errorCount: 0, lastError: null, nextCheckAt: outcome.nextCheckAt, checkedAt: now, updatedAt: now }
      : // A failed refresh keeps the icon it had.
        { errorCount: outcome.errorCount, lastError: outcome.error.slice(0, 500), nextCheckAt: outcome.nextCheckAt, checkedAt: now };
  await db
    .insert(websiteIcons)
    .values({ websiteId, ...values })
    .onConflictDoUpdate({ target: websiteIcons.websiteId, set: values });
}

/**
 * Websites never tried, then those due again (failed ones backing off, icons to refresh): oldest
 * first. Only outlets we follow (an enabled feed) or that have no feed yet: a website whose feeds
 * are all disabled (the demo's outlets, seeded so that a start never reaches the internet on its
 * own) is not fetched until one of its feeds is enabled.
 */
export async function dueIconWebsites(db: Tx, limit: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    select w.id from ${websites} w
      left join ${websiteIcons} i on i.website_id = w.id
     where (i.website_id is null or i.next_check_at <= now())
       and (exists (select 1 from ${feeds} f where f.website_id = w.id and not f.disabled)
            or not exists (select 1 from ${feeds} f where f.website_id = w.id))
     order by (i.website_id is not null), i.next_check_at nulls first, w.id
     limit ${limit}`);
  return res.rows.map((r) => Number(r.id));
}

/** The stored PNG of a domain's website, with its version for the ETag. */
export async function findIconByDomain(db: Tx, domain: string): Promise<{ png: Buffer; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ png: websiteIcons.png, updatedAt: websiteIcons.updatedAt })
    .from(websiteIcons)
    .innerJoin(websites, eq(websites.id, websiteIcons.websiteId))
    .where(eq(websites.domain, domain));
  return row?.png ? { png: row.png, updatedAt: row.updatedAt } : undefined;
}
