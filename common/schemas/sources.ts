import { z } from 'zod';
import { MSG } from '../messages.js';
import { normalizeUserUrl } from '../url.js';
import { resourceDocument, resourceSchema } from './jsonapi.js';

/**
 * Sources: the outlet directory shipped with the product, its packs, feed discovery, outlet
 * suggestions and the health of every feed. The server's answers and the web's forms share these.
 */

/** What an outlet of the directory covers; a pack is one category in one language. */
export const SOURCE_CATEGORIES = ['games', 'tech', 'entertainment', 'esports', 'platform', 'industry', 'general'] as const;
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

/** How a pack of a category is called ("Games press — German"). */
export const SOURCE_CATEGORY_LABELS: Record<SourceCategory, string> = {
  games: 'Games press',
  tech: 'Tech press',
  entertainment: 'Entertainment press',
  esports: 'Esports',
  platform: 'Platforms and stores',
  industry: 'Industry and trade press',
  general: 'General news (games sections)',
};

/**
 * A feed's health in one word. `pending` until its first poll; `stale` when it parses but has
 * added nothing for STALE_DAYS; the others name why its last poll failed.
 */
export const FEED_HEALTH = [
  'ok',
  'pending',
  'blocked',
  'not_found',
  'not_a_feed',
  'timeout',
  'unreachable',
  'tls',
  'too_large',
  'rate_limited',
  'stale',
] as const;
export type FeedHealth = (typeof FEED_HEALTH)[number];
export const feedHealthSchema = z.enum(FEED_HEALTH);

/** A feed that has added nothing new for this many days is `stale`. */
export const STALE_DAYS = 30;

/** The words a person reads for each health (badges, filters, the crawler panel). */
export const FEED_HEALTH_LABELS: Record<FeedHealth, string> = {
  ok: 'Healthy',
  pending: 'Not checked yet',
  blocked: 'Blocked by the site',
  not_found: 'Not found',
  not_a_feed: 'Not a feed',
  timeout: 'Too slow',
  unreachable: 'Unreachable',
  tls: 'Certificate problem',
  too_large: 'Too large',
  rate_limited: 'Rate limited',
  stale: 'Nothing new',
};

/** The health classes that are failures (the crawler panel's "failing" counts). */
export const FAILING_HEALTH: readonly FeedHealth[] = ['blocked', 'not_found', 'not_a_feed', 'timeout', 'unreachable', 'tls', 'too_large', 'rate_limited'];

// ------------------------------------------------------------------ packs

/** A source pack (`type: 'source_pack'`, GET /api/source_packs). */
export interface SourcePackAttributes {
  name: string;
  language: string;
  category: SourceCategory;
  enabled: boolean;
  /** Outlets of the directory in the pack. */
  outlets: number;
  /** Of those, outlets with at least one enabled feed. */
  enabled_outlets: number;
  feeds: number;
  enabled_feeds: number;
  'changed-at': string | null;
}

/** PATCH /api/source_packs/{id} (a pack's id is a word such as `games-de`, not a number). */
export const sourcePackUpdateBody = z.object({
  data: z.object({
    type: z.literal('source_pack'),
    id: z.string().max(64).optional(),
    attributes: z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) }),
  }),
});

/** The directory at a glance (meta of GET /api/source_packs). */
export interface SourcesSummary {
  /** Outlets in the shipped directory. */
  directory_outlets: number;
  directory_languages: number;
  packs: number;
  enabled_packs: number;
  /** The operator has seen the first-run screen (and chose, or dismissed it). */
  first_run_done: boolean;
}

/** POST /api/source_packs/first_run: the first-run screen was answered (packs enabled through PATCH). */
export const firstRunBody = resourceDocument('source_first_run', z.object({ done: z.literal(true) }));

// ------------------------------------------------------------------ what is being watched

/**
 * What every signed-in person may know about the installation's sources (GET /api/sources/status):
 * the empty articles feed and the alert preview say it.
 */
export interface SourcesStatusAttributes {
  /** Outlets with at least one enabled feed. */
  enabled_outlets: number;
  enabled_feeds: number;
  /** Languages of those outlets. */
  languages: number;
  /** When a feed was last fetched successfully (ISO), or null. */
  last_crawl_at: string | null;
  /** Directory outlets not enabled yet. */
  available_outlets: number;
  /** An organization admin may suggest an outlet (POST /api/website_suggestions). */
  can_suggest: boolean;
  /** Suggestions are approved at once (SOURCES_SELF_SERVICE). */
  self_service: boolean;
}

// ------------------------------------------------------------------ discovery

export const DISCOVERED_KINDS = ['rss', 'atom', 'json', 'news_sitemap'] as const;
export type DiscoveredKind = (typeof DISCOVERED_KINDS)[number];
export const FOUND_BY = ['link', 'path', 'robots', 'sitemap'] as const;
export type FoundBy = (typeof FOUND_BY)[number];

/** One proven feed or news sitemap found by discovery. */
export interface DiscoveredFeed {
  url: string;
  title: string | null;
  kind: DiscoveredKind;
  items: number;
  last_item_at: string | null;
  websub_hub: string | null;
  found_by: FoundBy;
}

/**
 * An outlet as a person gives it: a domain ("gamestar.de") or any page of the site. Kept as typed
 * (discovery tries https first when no scheme is given); checked like the Websites form's address.
 */
export const outletUrlSchema = z
  .string({ error: MSG.websites.domainRequired })
  .trim()
  .min(1, MSG.websites.domainRequired)
  .max(2000, MSG.websites.invalidUrl)
  .refine((v) => normalizeUserUrl(v) !== null, MSG.websites.invalidUrl);

/** POST /api/feeds/discover `{url}`: a domain or any page of the outlet. */
export const discoverBody = resourceDocument('feed_discovery', z.object({ url: outletUrlSchema }));

/** The answer (`type: 'feed_discovery'`). */
export interface FeedDiscoveryAttributes {
  url: string;
  feeds: DiscoveredFeed[];
  /** Why nothing was found, when `feeds` is empty. */
  reason: string | null;
}

/** The feed type a discovered kind is stored as (FEED_TYPES: 0 feed, 1 news sitemap). */
export const feedTypeOfKind = (kind: DiscoveredKind): 0 | 1 => (kind === 'news_sitemap' ? 1 : 0);

// ------------------------------------------------------------------ suggestions

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
export const SUGGESTION_SOURCES = ['person', 'gdelt'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

/** POST /api/website_suggestions `{url}`. */
export const suggestionCreateBody = resourceDocument('website_suggestion', z.object({ url: outletUrlSchema }));

/** PATCH /api/website_suggestions/{id} `{status}` (platform operator). */
export const suggestionUpdateBody = resourceDocument('website_suggestion', z.object({ status: z.enum(['approved', 'rejected']) }));

/** A suggestion (`type: 'website_suggestion'`). */
export interface WebsiteSuggestionAttributes {
  url: string;
  domain: string;
  status: SuggestionStatus;
  feeds: DiscoveredFeed[];
  reason: string | null;
  /** The outlet it became, or the directory outlet the domain already was. */
  website_id: string | null;
  /** The domain was already an outlet of the installation when suggested. */
  existing: boolean;
  /** Whether that outlet is monitored (has an enabled feed). */
  monitored: boolean;
  organization_id: string;
  /** Shown to the platform operator only. */
  organization_name: string | null;
  'created-at': string;
  'decided-at': string | null;
  /** Who suggested it: a person, or GDELT discovery (its alerts' articles were found there, issue 31). */
  source: SuggestionSource;
  /** Articles GDELT discovery found on the outlet for the organization's alerts. */
  articles: number;
}

// ------------------------------------------------------------------ feed moves

/** A feed's move (`type: 'feed_move'`, included in GET websites/{domain}). */
export interface FeedMoveAttributes {
  feed_id: string;
  from: string;
  to: string;
  reason: 'redirect' | 'rediscovered';
  'moved-at': string;
}

// The answers above as schemas, for the API document (each mirrors its interface).

const count = z.number().int();
export const sourcePackResourceSchema = resourceSchema(
  'source_pack',
  z.object({
    name: z.string(),
    language: z.string(),
    category: z.enum(SOURCE_CATEGORIES),
    enabled: z.boolean(),
    outlets: count,
    enabled_outlets: count,
    feeds: count,
    enabled_feeds: count,
    'changed-at': z.string().nullable(),
  }),
);

export const sourcesSummarySchema = z.object({
  directory_outlets: count,
  directory_languages: count,
  packs: count,
  enabled_packs: count,
  first_run_done: z.boolean(),
});

export const sourcesStatusResourceSchema = resourceSchema(
  'sources_status',
  z.object({
    enabled_outlets: count,
    enabled_feeds: count,
    languages: count,
    last_crawl_at: z.string().nullable(),
    available_outlets: count,
    can_suggest: z.boolean(),
    self_service: z.boolean(),
  }),
);

const discoveredFeedSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  kind: z.enum(DISCOVERED_KINDS),
  items: count,
  last_item_at: z.string().nullable(),
  websub_hub: z.string().nullable(),
  found_by: z.enum(FOUND_BY),
});

export const feedDiscoveryResourceSchema = resourceSchema(
  'feed_discovery',
  z.object({ url: z.string(), feeds: z.array(discoveredFeedSchema), reason: z.string().nullable() }),
);

export const websiteSuggestionResourceSchema = resourceSchema(
  'website_suggestion',
  z.object({
    url: z.string(),
    domain: z.string(),
    status: z.enum(SUGGESTION_STATUSES),
    feeds: z.array(discoveredFeedSchema),
    reason: z.string().nullable(),
    website_id: z.string().nullable(),
    existing: z.boolean(),
    monitored: z.boolean(),
    organization_id: z.string(),
    organization_name: z.string().nullable(),
    'created-at': z.string(),
    'decided-at': z.string().nullable(),
    source: z.enum(SUGGESTION_SOURCES),
    articles: z.number().int(),
  }),
);
