import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { mediatypes, websites } from '../../db/schema/coverage.js';

/**
 * The directory's outlets as website rows. A row the directory wrote before is updated field by
 * field only where it still holds what the directory last wrote (`websites.directory`): an
 * operator's edit wins over any later release. A row that existed before the directory knew it
 * (the demo outlets, an operator's own) is filled only where empty.
 */

/** What the directory says of an outlet, as a website row's fields. */
export interface DirectoryWebsite {
  domain: string;
  name: string;
  language: string;
  country: string;
  mediaType: string;
  category: string;
  packId: string;
  source: string;
  written: string;
  feeds: string[];
}

export interface SyncedWebsite {
  id: number;
  created: boolean;
  /** The feed addresses the directory had written for it before (none for a new row). */
  previousFeeds: string[];
}

type Snapshot = { name: string; language: string; country: string; media_type: string; category: string; source: string; written: string; feeds: string[] };

interface ExistingRow {
  id: number;
  domain: string;
  name: string | null;
  language: string;
  country: string | null;
  mediatype: string | null;
  category: string | null;
  directory: Snapshot | null;
}

const snapshotOf = (w: DirectoryWebsite): Snapshot => ({
  name: w.name,
  language: w.language,
  country: w.country,
  media_type: w.mediaType,
  category: w.category,
  source: w.source,
  written: w.written,
  feeds: w.feeds,
});

/** The value a field takes: the directory's, unless the row holds something the directory did not write. */
function merged<T>(current: T | null, previous: T | null | undefined, next: T, linked: boolean, empty: (v: T | null) => boolean): T | null {
  if (linked) return current === previous ? next : current;
  return empty(current) ? next : current;
}

/** Inserts and updates the directory's websites (one statement each way); answers them by domain. */
export async function syncDirectoryWebsites(tx: Tx, outlets: DirectoryWebsite[], now: Date): Promise<Map<string, SyncedWebsite>> {
  const types = new Map((await tx.select({ id: mediatypes.id, name: mediatypes.name }).from(mediatypes)).map((m) => [m.name, m.id]));
  const existing = await tx.execute<ExistingRow & Record<string, unknown>>(sql`
    select w.id, w.domain, w.name, w.language, w.country, m.name as mediatype, w.category, w.directory
    from websites w left join mediatypes m on m.id = w.mediatype_id
    where w.domain = any(${sql.param(outlets.map((o) => o.domain))}::text[])`);
  const byDomain = new Map(existing.rows.map((r) => [r.domain, r]));
  const result = new Map<string, SyncedWebsite>();
  const updates: Record<string, unknown>[] = [];
  const inserts: (typeof websites.$inferInsert)[] = [];
  for (const o of outlets) {
    const row = byDomain.get(o.domain);
    if (!row) {
      inserts.push({
        domain: o.domain,
        name: o.name,
        language: o.language,
        country: o.country,
        mediatypeId: types.get(o.mediaType) ?? null,
        category: o.category,
        packId: o.packId,
        directory: snapshotOf(o),
        insertedAt: now,
        updatedAt: now,
      });
      continue;
    }
    const prev = row.directory;
    const linked = prev !== null;
    const mediatype = merged(row.mediatype, prev?.media_type, o.mediaType, linked, (v) => v === null);
    updates.push({
      id: row.id,
      name: merged(row.name, prev?.name, o.name, linked, (v) => !v),
      language: merged(row.language, prev?.language, o.language, linked, (v) => !v || v === 'unknown') ?? 'unknown',
      country: merged(row.country, prev?.country, o.country, linked, (v) => !v),
      mediatype_id: mediatype === null ? null : (types.get(mediatype) ?? null),
      category: merged(row.category, prev?.category, o.category, linked, (v) => !v),
      pack_id: o.packId,
      directory: JSON.stringify(snapshotOf(o)),
    });
    result.set(o.domain, { id: row.id, created: false, previousFeeds: prev?.feeds ?? [] });
  }
  if (updates.length > 0) {
    await tx.execute(sql`
      update websites w set name = u.name, language = u.language, country = u.country, mediatype_id = u.mediatype_id,
        category = u.category, pack_id = u.pack_id, directory = u.directory, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        as u(id int, name text, language text, country text, mediatype_id int, category text, pack_id text, directory jsonb)
      where w.id = u.id`);
  }
  for (let i = 0; i < inserts.length; i += 500) {
    const rows = await tx
      .insert(websites)
      .values(inserts.slice(i, i + 500))
      .onConflictDoNothing({ target: websites.domain })
      .returning({ id: websites.id, domain: websites.domain });
    for (const r of rows) result.set(r.domain, { id: r.id, created: true, previousFeeds: [] });
  }
  return result;
}
