import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { idSchema, resourceDocument, resourceSchema, toOne } from './jsonapi.js';
import { dateSchema } from './tags.js';
import { normalizeUserUrl } from '../url.js';
import { articleOutletFields } from './reach.js';

/**
 * Saved coverage (the API's `articles`), the bulk endpoint and the headline tools. The server
 * validates requests with these schemas and the forms use the same ones.
 */

/** Spec defaults of the article form (000 §3 "Forms: article"). */
export const ARTICLE_DEFAULTS = { language: 'unknown', reach: 0.1, date: '2010-01-01T00:00:00.000Z' } as const;

/**
 * Bulk link import: the spec says "1 to 999 ready", "fewer than 1000 accepted" and "over 1000
 * gives 'Importing articles is limited to a maximum of 1000.'". The stricter reading wins
 * (spec README): at most 999 links, and the catalogue message for anything above.
 */
export const BULK_IMPORT_MAX_LINKS = LIMITS.bulkImportMax - 1;

export const articleTitleSchema = z.string().trim().max(LIMITS.titleMax, MSG.articles.titleTooLong);

export const languageCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([a-z]{2,3}(-[a-z0-9]{2,8})?|unknown)$/, 'Please choose a language');

export const reachSchema = z
  .number({ error: MSG.articles.reachRange })
  .min(LIMITS.mediaScore.min, MSG.articles.reachRange)
  .max(LIMITS.mediaScore.max, MSG.articles.reachRange);

/**
 * A link a person gives: a web address (http or https, the scheme may be left out). Stored links
 * are rendered as `href`s (tables, reports, highlight cards), so `javascript:`, `data:` and other
 * schemes never get in.
 */
const urlString = z
  .string({ error: MSG.articles.invalidUrl })
  .trim()
  .min(1, MSG.articles.invalidUrl)
  .max(2048, MSG.articles.invalidUrl)
  .refine((v) => normalizeUserUrl(v) !== null, MSG.articles.invalidUrl);

const tagRef = z.object({ data: z.object({ type: z.literal('tag'), id: idSchema }) }, { error: MSG.articles.tagRequired });
/** Any malformed tag reference becomes one error at /data/relationships/tag (like projects' brand). */
const tagRelationship = z.preprocess((v) => (v === undefined || tagRef.safeParse(v).success ? v : null), tagRef);

export const articleCreateBody = resourceDocument(
  'article',
  z.object({
    url: urlString,
    title: articleTitleSchema.optional(),
    fullUrl: urlString.optional(),
    description: z.string().max(10_000).optional(),
    language: languageCodeSchema.optional(),
    reach: reachSchema.optional(),
    date: dateSchema.optional(),
    website_id: idSchema.nullable().optional(),
    /** The form may name the tag here instead of in `relationships`. */
    tag_id: idSchema.optional(),
  }),
  z.object({ tag: tagRelationship.optional() }).optional(),
);

export const articleUpdateBody = resourceDocument(
  'article',
  z
    .object({
      title: articleTitleSchema,
      language: languageCodeSchema,
      /** A score typed by a person: a new score of the outlet leaves it alone from then on (`reach_manual`). */
      reach: reachSchema,
      /** false: take the outlet's score, visitors and estimated views again (wins over `reach`); true: keep the score as it is. */
      reach_manual: z.boolean(),
      date: dateSchema,
      locked: z.boolean(),
      tag_id: idSchema,
    })
    .partial()
    .optional(),
  z.object({ tag: tagRelationship.optional() }).optional(),
);

const idList = z.array(idSchema).min(1, 'Please choose at least one article').max(LIMITS.exportIds);

/** The three bulk actions of `POST bulk/articles`, told apart by `data.type`. */
export const bulkArticlesBody = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('bulk_articles'),
      attributes: z.object({
        // Links are checked one by one (a bad link is a KO row, not a failed request).
        urls: z.array(z.string().max(2048)).min(1, MSG.articles.noLinks).max(BULK_IMPORT_MAX_LINKS, MSG.articles.tooManyLinks),
        tag_id: idSchema,
      }),
    }),
    z.object({
      type: z.literal('articles_rss_ids'),
      attributes: z.object({ ids: idList, tag_id: idSchema, alert_id: idSchema }),
    }),
    z.object({
      type: z.literal('delete_articles_rss_ids'),
      attributes: z.object({ ids: idList, alert_id: idSchema.optional() }),
      relationships: z
        .object({ alert: z.object({ data: z.object({ type: z.literal('alert'), id: idSchema }) }) })
        .partial()
        .optional(),
    }),
  ]),
});

export type BulkArticlesBody = z.infer<typeof bulkArticlesBody>;

export const bulkRowResultSchema = z.object({
  id: z.string().optional(),
  url: z.string().optional(),
  status: z.enum(['OK', 'KO']),
  reason: z.string().nullable(),
  /** The saved article, for OK rows that created one. */
  article_id: z.string().optional(),
  /** Set on OK rows saved without a title, language or date. */
  warning: z.string().optional(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

/** The answer of a bulk call (POST articles/bulk_import, the feed's bulk save and delete): counts and one result per row. */
export const bulkResultSchema = z.object({ success: z.number().int(), failed: z.number().int(), results: z.array(bulkRowResultSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** What the bulk-import form shows for the text area: links, one per line (000 §5). */
export function parseBulkLinks(text: string): { links: string[]; error: string | null } {
  const links = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (links.length === 0) return { links, error: MSG.articles.noLinks };
  if (links.length > BULK_IMPORT_MAX_LINKS) return { links, error: MSG.articles.tooManyLinks };
  return { links, error: null };
}

/** A bulk link must carry its scheme: "URL without http invalid" (000 §5). */
export function isBulkLink(link: string): boolean {
  try {
    const u = new URL(link.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && /^https?:\/\//i.test(link.trim());
  } catch {
    return false;
  }
}

const headlineFields = z.object({
  article_title: z.string({ error: MSG.articles.headlineRequired }).trim().min(1, MSG.articles.headlineRequired).max(1000),
  article_url: z.string().max(2048).optional(),
  /** The article's stored language (ISO 639-1, or 'unknown'): sentiment is English-only. */
  language: z.string().max(16).optional(),
});

/**
 * Headline tools take `{ article_title, article_url }` as the spec's calls send them (001 §7);
 * the same fields wrapped as a JSON:API document (`data.attributes`) are read too.
 */
export const headlineBody = z.preprocess((v) => {
  const attrs = (v as { data?: { attributes?: unknown } } | null)?.data?.attributes;
  return attrs && typeof attrs === 'object' ? attrs : v;
}, headlineFields);

export const SENTIMENTS = ['positive', 'negative', 'neutral', 'controversial'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** A saved article as the server sends it (`type: 'article'`, GET articles; docs/api.md "Saved coverage"). */
export const articleAttributesSchema = z.object({
  title: z.string(),
  url: z.string(),
  fullUrl: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  language: z.string(),
  reach: z.number(),
  date: z.string(),
  tag_id: z.string(),
  tag_name: z.string(),
  project_id: z.string(),
  ...articleOutletFields,
  /** The media score was typed by a person: a new score of the outlet leaves it alone. */
  reach_manual: z.boolean(),
  is_metacritic: z.boolean(),
  source: z.number().int(),
  locked: z.boolean(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
});
export type ArticleAttributes = z.infer<typeof articleAttributesSchema>;
export const articleResourceSchema = resourceSchema('article', articleAttributesSchema).extend({
  relationships: z.object({ tag: toOne('tag'), project: toOne('project') }),
});
