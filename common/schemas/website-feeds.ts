import { z } from 'zod';
import { resourceSchema, toOne } from './jsonapi.js';
import { FEED_HEALTH, type FeedHealth } from './sources.js';

/**
 * A website's feeds as the API shows them: their types, one word for their polling state, the
 * feed resource and the OPML import's answer. websites.ts re-exports all of it (its request
 * bodies for feeds stay there, beside the website fields they share).
 */

/** Feed types: 0 RSS/Atom/JSON Feed, 1 Google News sitemap, 2 Google Alerts Atom (until migration 0019 it was 1). */
export const FEED_TYPES = { feed: 0, newsSitemap: 1, googleAlerts: 2 } as const;
export type FeedType = (typeof FEED_TYPES)[keyof typeof FEED_TYPES];
export const feedTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const FEED_TYPE_LABELS: Record<number, string> = { 0: 'Feed', 1: 'News sitemap', 2: 'Google Alerts' };

export type FeedStatus = 'ok' | 'failing' | 'disabled' | 'never';

/** One word for a feed's health, from its polling state (shown as a badge). */
export function feedStatus(f: { disabled: boolean; errorCount: number; lastSuccessAt: Date | string | null }): FeedStatus {
  if (f.disabled) return 'disabled';
  if (f.errorCount > 0) return 'failing';
  if (!f.lastSuccessAt) return 'never';
  return 'ok';
}

/** Where a feed came from: added by the operator, the shipped directory, an organization's suggestion, or feed discovery. */
export type FeedOrigin = 'operator' | 'directory' | 'suggestion' | 'discovery';

/** A feed with its polling health (`type: 'feed'`, GET feeds, included in GET websites/{domain}). */
export interface FeedAttributes {
  feed: string;
  type: number;
  disabled: boolean;
  website_id: string;
  language: string | null;
  reach: number | null;
  region: string | null;
  followers: number | null;
  title: string | null;
  status: FeedStatus;
  last_count: number;
  'last-count': number;
  'articles-added': number;
  'last-success-at': string | null;
  'last-error': string | null;
  'last-error-at': string | null;
  'error-count': number;
  'last-status': number | null;
  'next-check-at': string | null;
  'last-checked-at': string | null;
  'interval-seconds': number;
  /** none | pending | active | failed. */
  'websub-state': string;
  'websub-lease-until': string | null;
  /** False when the server has no PUBLIC_URL: hubs are never subscribed to, the feed is only polled. */
  websub_available: boolean;
  'inserted-at': string;
  'updated-at': string;
  /** Its health in one word (common/schemas/sources.ts FEED_HEALTH). */
  health: FeedHealth;
  /** One sentence on that health ("The site answered 403 to the last 3 polls."), or null. */
  health_detail: string | null;
  /** Since when the feed has had this health (ISO), or null. */
  'health-since': string | null;
  origin: FeedOrigin;
}

/** The attributes of POST feeds/opml's answer: feeds created, entries already known, and entries refused with why. */
export interface OpmlImportAttributes {
  created: number;
  skipped: number;
  invalid: { url: string; reason: string }[];
}

const when = z.string().nullable();

export const feedResourceSchema = resourceSchema(
  'feed',
  z.object({
    feed: z.string(),
    type: z.number().int(),
    disabled: z.boolean(),
    website_id: z.string(),
    language: z.string().nullable(),
    reach: z.number().nullable(),
    region: z.string().nullable(),
    followers: z.number().nullable(),
    title: z.string().nullable(),
    status: z.enum(['ok', 'failing', 'disabled', 'never']),
    last_count: z.number().int(),
    'last-count': z.number().int(),
    'articles-added': z.number().int(),
    'last-success-at': when,
    'last-error': z.string().nullable(),
    'last-error-at': when,
    'error-count': z.number().int(),
    'last-status': z.number().int().nullable(),
    'next-check-at': when,
    'last-checked-at': when,
    'interval-seconds': z.number().int(),
    'websub-state': z.string(),
    'websub-lease-until': when,
    websub_available: z.boolean(),
    'inserted-at': z.string(),
    'updated-at': z.string(),
    health: z.enum(FEED_HEALTH),
    health_detail: z.string().nullable(),
    'health-since': when,
    origin: z.enum(['operator', 'directory', 'suggestion', 'discovery']),
  }),
).extend({ relationships: z.object({ website: toOne('website') }) });

export const opmlImportDocument = z.object({
  data: z.object({
    type: z.literal('opml_import'),
    attributes: z.object({ created: z.number().int(), skipped: z.number().int(), invalid: z.array(z.object({ url: z.string(), reason: z.string() })) }),
  }),
  meta: z.object({ message: z.string() }),
});
