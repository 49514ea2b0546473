import { z } from 'zod';
import { PAGE_SIZES } from '../../../common/limits.js';
import { MEDIA_PAGE_SIZE } from '../../../common/schemas/videos.js';
import { minViewersSchema, twitchKeywordSchema } from '../../../common/schemas/streams.js';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { FEED_ITEM_SORTS } from './items-repo.js';
import { SAVED_SORTS } from './saved-repo.js';

/** Query strings of the stream routes (validated by Fastify: a bad value is 400 at its parameter). */

const page = z.coerce.number().int().min(0).max(PAGE_SIZES.maxPage).optional();
const size = z.coerce.number().int().min(1).max(100).optional();
const count = z.coerce.number().int().min(0).max(1e13).optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a date')
  .optional();
const commaList = z.string().max(2000).optional();
const order = z.enum(['asc', 'desc']).optional();

export const feedItemsQuery = z.object({
  page,
  'page[page]': page,
  pageSize: size,
  'page[page_size]': size,
  sortField: z.enum(FEED_ITEM_SORTS).optional(),
  sortOrder: order,
  searchTerm: z.string().max(200).optional(),
  startDate: day,
  endDate: day,
  minFollowers: count,
  maxFollowers: count,
  minViews: count,
  maxViews: count,
  languages: commaList,
  tags: commaList,
  kind: z.enum(['stream', 'video']).optional(),
  organization_id: idSchema.optional(),
});

export const savedStreamsQuery = z.object({
  project_id: idSchema.optional(),
  'filter[project_id]': idSchema.optional(),
  page,
  'page[page]': page,
  sizePerPage: size,
  pageSize: size,
  'page[page_size]': size,
  sortField: z.enum(SAVED_SORTS).optional(),
  sortOrder: order,
  searchTerm: z.string().max(200).optional(),
  startDate: day,
  endDate: day,
  tags: commaList,
  languages: commaList,
  minFollowers: count,
  maxFollowers: count,
});

export const gameSearchQuery = z.object({ searchTerm: z.string().trim().min(3, 'Type more than 2 characters').max(100) });

export const previewStreamsQuery = z.object({
  // Empty: the whole game (a game-wide feed's preview).
  keyword: twitchKeywordSchema.optional().default(''),
  game_id: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'Please choose a game'),
  min_viewers: minViewersSchema,
});

/** Page and size in every spelling the screens send (page 0 and 1 are the first page). */
export function pageOf(q: { page?: number; 'page[page]'?: number }, sizes: (number | undefined)[]) {
  return { page: Math.max(1, q['page[page]'] ?? q.page ?? 1), pageSize: sizes.find((s) => s !== undefined) ?? MEDIA_PAGE_SIZE };
}

/** A comma list of words (languages, tags): trimmed, empty ones dropped, at most 50. */
export const listOf = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 50);

/** A comma list of ids; a value that is not an id fails the request at that parameter. */
export function idsOf(v: string | undefined): number[] | null {
  const parts = listOf(v);
  if (parts.some((p) => !/^\d{1,9}$/.test(p))) return null;
  return parts.map(Number);
}

export function rangeOk(min?: number, max?: number) {
  return min === undefined || max === undefined || min <= max;
}
