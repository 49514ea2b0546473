import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { countryByCode, isKnownLanguage } from '../reference.js';
import { domainOf, normalizeUserUrl } from '../url.js';
import { idSchema, resourceDocument, resourceSchema, toMany } from './jsonapi.js';
import { FEED_HEALTH, SOURCE_CATEGORIES, type FeedHealth, type SourceCategory } from './sources.js';
import { MUV_SOURCES, REACH_SOURCES, TRAFFIC_STATES, type MuvSource, type ReachSource, type TrafficState } from './reach.js';
import { feedResourceSchema, feedTypeSchema } from './website-feeds.js';

/** A website's feeds (their types, status, answers) live in website-feeds.ts; imported from here as before. */
export * from './website-feeds.js';

const M = MSG.websites;

/** A website's address as typed ("example.com", "https://www.example.com/news") → its domain. */
export const websiteDomainSchema = z
  .string({ error: M.domainRequired })
  .trim()
  .min(1, M.domainRequired)
  .max(2000, M.invalidUrl)
  .transform((v, ctx) => {
    const url = normalizeUserUrl(v);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: M.invalidUrl });
      return z.NEVER;
    }
    return domainOf(url);
  });

/** A feed address (the spec's URL check: http:// added when missing). */
export const feedUrlSchema = z
  .string({ error: M.feedRequired })
  .trim()
  .min(1, M.feedRequired)
  .max(2000, M.invalidFeed)
  .transform((v, ctx) => {
    const url = normalizeUserUrl(v);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: M.invalidFeed });
      return z.NEVER;
    }
    return url;
  });

export const reachSchema = z.number({ error: M.reachRequired }).min(LIMITS.mediaScore.min, M.reachRange).max(LIMITS.mediaScore.max, M.reachRange);

export const languageSchema = z.string({ error: M.languageRequired }).trim().min(1, M.languageRequired).refine(isKnownLanguage, M.languageUnknown);

const muvSchema = z.number().int('Monthly visitors must be a whole number').min(0, 'Monthly visitors cannot be negative').max(1e12);

/** An avatar: an image uploaded to Coverwatch or an http(s) image address. */
const websiteAvatarSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^\/api\/f\/[0-9a-f-]{36}\.(png|jpg)$/.test(v) || /^https?:\/\/\S+$/i.test(v), 'Avatar must be an image address')
  .nullable()
  .transform((v) => (v ? v : null));

export const geographySchema = z
  .array(
    z.object({
      country_code_iso: z
        .string()
        .trim()
        .refine((c) => !!countryByCode(c), 'Unknown country code')
        .transform((c) => c.toUpperCase()),
      visits: z.number().int().min(0),
    }),
  )
  .max(300);

export const categoriesSchema = z
  .array(
    z.object({
      category: z.string().trim().min(1).max(200),
      month: z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'Month must look like 2024-05'),
      score: z.number().min(0, 'Category scores are between 0 and 1').max(1, 'Category scores are between 0 and 1'),
    }),
  )
  .max(500);

/** Twitter / X usernames, with or without the leading @. */
const socialAccountsSchema = z
  .array(
    z
      .string()
      .trim()
      .transform((u) => u.replace(/^@/, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{1,50}$/, 'Not a valid username')),
  )
  .max(50);

export const websiteCreateBody = resourceDocument(
  'website',
  z.object({
    domain: websiteDomainSchema,
    /** Omitted or null: the score is derived from the traffic ranking (reach_source `ranking` or `default`). */
    reach: reachSchema.nullable().optional(),
    language: languageSchema,
    name: z.string().trim().max(200).nullable().optional(),
    /** Typed monthly visitors (muv_source `manual`); omitted: SimilarWeb's, or an estimate from the rank. */
    muv: muvSchema.nullable().optional(),
    mediatype_id: idSchema.nullable().optional(),
    is_metacritic: z.boolean().optional(),
    is_ea: z.boolean().optional(),
  }),
);

export const websiteUpdateBody = resourceDocument(
  'website',
  z
    .object({
      name: z.string().trim().max(200).nullable(),
      avatar: websiteAvatarSchema,
      /** A typed score (reach_source `manual`, kept across ranking imports). */
      reach: reachSchema,
      /** false: derive the score from the ranking again. */
      reach_manual: z.boolean(),
      /** Typed monthly visitors; null: back to SimilarWeb's or the estimate. */
      muv: muvSchema.nullable(),
      language: languageSchema,
      mediatype_id: idSchema.nullable(),
      is_metacritic: z.boolean(),
      /** On the EA outlet list (the `ea_only` feed filter). */
      is_ea: z.boolean(),
      twitter_accounts: socialAccountsSchema,
      geography: geographySchema,
      categories: categoriesSchema,
    })
    .partial(),
);

export const feedCreateBody = resourceDocument(
  'feed',
  z.object({
    feed: feedUrlSchema,
    website_id: idSchema,
    language: languageSchema.nullable().optional(),
    reach: reachSchema.nullable().optional(),
    type: feedTypeSchema.optional(),
  }),
);

export const feedUpdateBody = resourceDocument('feed', z.object({ feed: feedUrlSchema, disabled: z.boolean() }).partial());

/** A website as the server sends it (`type: 'website'`, GET websites, GET websites/{domain}). */
export interface WebsiteAttributes {
  domain: string;
  name: string | null;
  avatar: string | null;
  reach: number;
  'reach-manual': boolean;
  /** Where the score comes from: the ranking, the default (unranked), or a person. */
  reach_source: ReachSource;
  /** Who typed a manual score and when (null otherwise). */
  reach_set_by: string | null;
  reach_set_at: string | null;
  /** The score's basis in words ("Tranco rank 1,234 on 2026-11-20 → 7.8"). */
  reach_basis: string;
  muv: number | null;
  /** Where `muv` comes from: SimilarWeb, an estimate from the rank, or typed; null while unknown. */
  muv_source: MuvSource | null;
  /** The rank of its registrable domain in the current ranking list, and that list's date. */
  rank: number | null;
  rank_list_date: string | null;
  /** The last SimilarWeb lookup (null: none, e.g. no key): state, what went wrong, when. */
  traffic_state: TrafficState | null;
  traffic_error: string | null;
  traffic_checked_at: string | null;
  /** SimilarWeb is connected (SIMILARWEB_API_KEY): the map and categories come from it. */
  traffic_connected: boolean;
  /** What one article of this outlet is estimated to be viewed (common/media-score.ts estimatedViews). */
  estimated_views_per_article: number | null;
  language: string;
  'mediatype-id': string | null;
  'mediatype-name': string | null;
  is_metacritic: boolean;
  is_ea: boolean;
  'articles-count': number;
  'feeds-count': number;
  'feeds-failing': number;
  'feeds-disabled': number;
  geography: { country_code_iso: string; visits: number }[];
  categories: { category: string; month: string; score: number }[];
  fullUrl: string;
  'inserted-at': string;
  'updated-at': string;
  /** ISO 3166-1 alpha-2 of the outlet's country (the directory's), or null. */
  country: string | null;
  /** The directory's category of the outlet, or null for an outlet outside the directory. */
  category: SourceCategory | null;
  /** The source pack the outlet belongs to ("games-de"), or null. */
  pack_id: string | null;
  /** The outlet ships with the product's directory. */
  in_directory: boolean;
  /** The worst health among its enabled feeds; null when none is enabled. */
  health: FeedHealth | null;
}

/** An author seen on a website (`type: 'website_author'`, included in GET websites/{domain}). */
export interface WebsiteAuthorAttributes {
  author: string;
  'articles-count': number;
  'last-seen-at': string;
}

/** A Twitter account of a website (`type: 'twitter_account'`, included in GET websites/{domain}). */
export interface TwitterAccountAttributes {
  username: string;
  network: string;
}

/** An archive article of a website (`type: 'website_article'`, GET websites/{id}/articles). */
export interface WebsiteArticleAttributes {
  title: string;
  url: string;
  fullUrl: string;
  description: string | null;
  author: string | null;
  image: string | null;
  language: string;
  reach: number;
  pub_date: string;
  feed_id: string | null;
  website_id: string | null;
}

// The answers above as schemas, for the API document (each mirrors its interface).

const when = z.string().nullable();

export const websiteResourceSchema = resourceSchema(
  'website',
  z.object({
    domain: z.string(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    reach: z.number(),
    'reach-manual': z.boolean(),
    reach_source: z.enum(REACH_SOURCES),
    reach_set_by: z.string().nullable(),
    reach_set_at: when,
    reach_basis: z.string(),
    muv: z.number().nullable(),
    muv_source: z.enum(MUV_SOURCES).nullable(),
    rank: z.number().int().nullable(),
    rank_list_date: when,
    traffic_state: z.enum(TRAFFIC_STATES).nullable(),
    traffic_error: z.string().nullable(),
    traffic_checked_at: when,
    traffic_connected: z.boolean(),
    estimated_views_per_article: z.number().nullable(),
    language: z.string(),
    'mediatype-id': z.string().nullable(),
    'mediatype-name': z.string().nullable(),
    is_metacritic: z.boolean(),
    is_ea: z.boolean(),
    'articles-count': z.number().int(),
    'feeds-count': z.number().int(),
    'feeds-failing': z.number().int(),
    'feeds-disabled': z.number().int(),
    geography: z.array(z.object({ country_code_iso: z.string(), visits: z.number() })),
    categories: z.array(z.object({ category: z.string(), month: z.string(), score: z.number() })),
    fullUrl: z.string(),
    'inserted-at': z.string(),
    'updated-at': z.string(),
    country: z.string().nullable(),
    category: z.enum(SOURCE_CATEGORIES).nullable(),
    pack_id: z.string().nullable(),
    in_directory: z.boolean(),
    health: z.enum(FEED_HEALTH).nullable(),
  }),
).extend({
  /** On GET and PATCH websites/{id}: what `included` holds. */
  relationships: z.object({ feeds: toMany('feed'), authors: toMany('website_author'), 'twitter-accounts': toMany('twitter_account') }).optional(),
});

/** What GET websites/{id} includes: its feeds, authors, social accounts and feed moves. */
export const websiteIncludedSchema = z.array(
  z.union([
    feedResourceSchema,
    resourceSchema('website_author', z.object({ author: z.string(), 'articles-count': z.number().int(), 'last-seen-at': z.string() })),
    resourceSchema('twitter_account', z.object({ username: z.string(), network: z.string() })),
    resourceSchema(
      'feed_move',
      z.object({ feed_id: z.string(), from: z.string(), to: z.string(), reason: z.enum(['redirect', 'rediscovered']), 'moved-at': z.string() }),
    ),
  ]),
);

export const websiteArticleResourceSchema = resourceSchema(
  'website_article',
  z.object({
    title: z.string(),
    url: z.string(),
    fullUrl: z.string(),
    description: z.string().nullable(),
    author: z.string().nullable(),
    image: z.string().nullable(),
    language: z.string(),
    reach: z.number(),
    pub_date: z.string(),
    feed_id: z.string().nullable(),
    website_id: z.string().nullable(),
  }),
);
