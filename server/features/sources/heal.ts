import type { Logger } from 'pino';
import { FEED_TYPES } from '../../../common/schemas/websites.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { feedUrlsTaken, listFeedsToHeal, moveFeedTo } from '../crawler/service.js';
import { discoverFeeds, type DiscoveredFeed } from './discover.js';

/** Failures in a row (404/410, not a feed) before a feed is looked for again: one bad deploy of a site is not a move. */
export const HEAL_AFTER_ERRORS = 3;
/** A feed is looked for again at most this often. */
export const HEAL_RETRY_HOURS = 24;
/** Feeds looked for per run (each discovery takes up to 25 s). */
const HEAL_BATCH = 10;

export interface HealDeps {
  db: Db;
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler'>;
  log?: Pick<Logger, 'info' | 'warn'>;
}

/**
 * Where to look for a feed again: the address itself when it answers a web page (it may announce
 * the feed), the site that served it, then the outlet's own homepage.
 */
function homepagesOf(feed: { feed: string; domain: string; health: string }): string[] {
  const pages = new Set<string>();
  if (feed.health === 'not_a_feed') pages.add(feed.feed);
  try {
    pages.add(`${new URL(feed.feed).origin}/`);
  } catch {
    // A stored address always parses; nothing to add if it does not.
  }
  pages.add(`https://${feed.domain}/`);
  pages.add(`https://www.${feed.domain}/`);
  return [...pages];
}

/** The replacement: a proven candidate of the same kind (feed or news sitemap) that no feed uses yet. */
function pickReplacement(found: DiscoveredFeed[], type: number, current: string, taken: Set<string>): string | null {
  const wanted = (f: DiscoveredFeed) => (type === FEED_TYPES.newsSitemap) === (f.kind === 'news_sitemap');
  return found.find((f) => wanted(f) && f.url !== current && !taken.has(f.url))?.url ?? null;
}

/**
 * Self-healing: each feed that keeps failing as if it had moved (404/410, not a feed) is looked
 * for again on its outlet's homepage; a replacement found takes its place (shown on the website
 * page as "feed moved to …") and is polled at once. One look per feed a day, whatever the result.
 */
export async function healFeeds(deps: HealDeps, now = new Date()): Promise<{ checked: number; moved: number }> {
  const due = await listFeedsToHeal(deps.db, { minErrors: HEAL_AFTER_ERRORS, retryAfterHours: HEAL_RETRY_HOURS, limit: HEAL_BATCH, now });
  let moved = 0;
  for (const feed of due) {
    const replacement = await findReplacement(deps, feed).catch(() => null);
    if (await moveFeedTo(deps.db, feed, replacement, now)) {
      moved++;
      deps.log?.info({ feedId: feed.id, from: feed.feed, to: replacement }, 'feed moved: found again on its homepage');
    }
  }
  return { checked: due.length, moved };
}

async function findReplacement(deps: HealDeps, feed: { feed: string; domain: string; type: number; health: string }): Promise<string | null> {
  for (const page of homepagesOf(feed)) {
    const result = await discoverFeeds(page, {
      allowPrivate: deps.config.allowPrivateNetwork,
      userAgent: deps.config.crawler.userAgent,
      hostConcurrency: deps.config.crawler.hostConcurrency,
    }).catch(() => null);
    if (!result || result.feeds.length === 0) continue;
    const taken = await feedUrlsTaken(
      deps.db,
      result.feeds.map((f) => f.url),
    );
    const replacement = pickReplacement(result.feeds, feed.type, feed.feed, taken);
    if (replacement) return replacement;
  }
  return null;
}
