import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sourcePacks } from '../../db/schema/sources.js';
import { readInstanceSetting, writeInstanceSetting } from '../auth/service.js';
import { adoptDirectoryFeeds, insertNewFeeds } from '../crawler/service.js';
import { syncDirectoryWebsites } from '../websites/service.js';
import { loadDirectory, packIdOf, type Directory } from './directory.js';

const VERSION_KEY = 'outlet_directory_version';

export interface DirectorySyncResult {
  version: string;
  /** The same directory as the last start: nothing was written. */
  unchanged: boolean;
  outlets: number;
  websitesAdded: number;
  feedsAdded: number;
}

/**
 * Writes the shipped directory into the installation: its packs, its outlets as websites, their
 * feeds — disabled unless the operator has switched their pack on, so a start never reaches the
 * internet on its own. Runs at every start; a directory already synced is skipped (its hash is
 * kept). A later release adds its new outlets and feeds and updates what the operator has not
 * edited; a feed the operator deleted, or one that moved, is not added back (the directory
 * remembers which addresses it wrote).
 */
export async function syncDirectory(db: Db, directory: Directory = loadDirectory(), now = new Date()): Promise<DirectorySyncResult> {
  return db.transaction(async (tx) => {
    // One sync at a time, even with several processes starting together.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const base = { version: directory.version, outlets: directory.outlets.length, websitesAdded: 0, feedsAdded: 0 };
    if ((await readInstanceSetting(tx, VERSION_KEY)) === directory.version) return { ...base, unchanged: true };

    for (const p of directory.packs) {
      await tx
        .insert(sourcePacks)
        .values({ ...p, updatedAt: now })
        .onConflictDoUpdate({ target: sourcePacks.id, set: { name: p.name, language: p.language, category: p.category, updatedAt: now } });
    }
    const enabledPacks = new Set(
      (await tx.select({ id: sourcePacks.id, enabled: sourcePacks.enabled }).from(sourcePacks)).filter((p) => p.enabled).map((p) => p.id),
    );

    const websites = await syncDirectoryWebsites(
      tx,
      directory.outlets.map((o) => ({
        domain: o.domain,
        name: o.name,
        language: o.language,
        country: o.country,
        mediaType: o.media_type,
        category: o.category,
        packId: packIdOf(o),
        source: o.source,
        written: o.written,
        feeds: o.feeds.map((f) => f.url),
      })),
      now,
    );

    const newFeeds = directory.outlets.flatMap((o) => {
      const site = websites.get(o.domain);
      if (!site) return [];
      const written = new Set(site.previousFeeds);
      return o.feeds
        .filter((f) => !written.has(f.url))
        .map((f) => ({
          websiteId: site.id,
          feed: f.url,
          type: f.type === 'news_sitemap' ? 1 : 0,
          title: `${o.name} — ${f.label}`,
          language: o.language,
          origin: 'directory',
          disabled: !enabledPacks.has(packIdOf(o)),
          nextCheckAt: now,
          insertedAt: now,
          updatedAt: now,
        }));
    });
    const created = await insertNewFeeds(tx, newFeeds);
    await adoptDirectoryFeeds(
      tx,
      directory.outlets.flatMap((o) => o.feeds.map((f) => f.url)),
    );
    await writeInstanceSetting(tx, VERSION_KEY, directory.version);
    return { ...base, unchanged: false, websitesAdded: [...websites.values()].filter((w) => w.created).length, feedsAdded: created.length };
  });
}
