import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { parseQuery } from '../query/parse.js';
import { steamAppIdsSchema } from './steam.js';
import { normalizeSearch, SUPERSEARCH_MAX_COMPETITORS, SUPERSEARCH_QUERY_MAX } from './supersearch.js';
import { avatarSchema, idSchema, resourceDocument, resourceSchema, toOne } from './jsonapi.js';

export const projectNameSchema = z
  .string({ error: MSG.validation.projectLength })
  .trim()
  .min(LIMITS.projectName.min, MSG.validation.projectLength)
  .max(LIMITS.projectName.max, MSG.validation.projectLength);

/**
 * The project's competitors (issue 32): up to five named Super Search queries, saved with the
 * project; the overview sets each one's Super Search count beside the project's own coverage.
 */
export const COMPETITOR_NAME = { min: 1, max: 60 } as const;
export const COMPETITOR_MESSAGES = {
  name: `Name the competitor in ${COMPETITOR_NAME.min} to ${COMPETITOR_NAME.max} characters`,
  queryRequired: 'Enter the Super Search query that finds this competitor’s coverage',
  queryLength: `The query must be at most ${SUPERSEARCH_QUERY_MAX} characters`,
  tooMany: `A project has at most ${SUPERSEARCH_MAX_COMPETITORS} competitors`,
  list: 'Competitors must be a list of { name, query }',
} as const;

export const competitorSchema = z.object(
  {
    name: z
      .string({ error: COMPETITOR_MESSAGES.name })
      .trim()
      .min(COMPETITOR_NAME.min, COMPETITOR_MESSAGES.name)
      .max(COMPETITOR_NAME.max, COMPETITOR_MESSAGES.name),
    // Super Search's own rule (common/schemas/supersearch.ts): curly quotes straightened, then the parser's words.
    query: z
      .string({ error: COMPETITOR_MESSAGES.queryRequired })
      .max(SUPERSEARCH_QUERY_MAX, COMPETITOR_MESSAGES.queryLength)
      .transform(normalizeSearch)
      .superRefine((v, ctx) => {
        if (!v) return void ctx.addIssue({ code: 'custom', message: COMPETITOR_MESSAGES.queryRequired });
        const parsed = parseQuery(v);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
      }),
  },
  { error: COMPETITOR_MESSAGES.list },
);
export type Competitor = z.output<typeof competitorSchema>;
export const competitorsSchema = z.array(competitorSchema, { error: COMPETITOR_MESSAGES.list }).max(SUPERSEARCH_MAX_COMPETITORS, COMPETITOR_MESSAGES.tooMany);

const clientRef = z.object({ data: z.object({ type: z.literal('client'), id: idSchema }) }, { error: MSG.validation.projectNeedsBrand });

/**
 * Any malformed brand reference (missing, `data: null`, wrong type, bad id) becomes one error
 * at /data/relationships/client with the catalogue message, so the form can show it on the
 * brand select instead of on a nested `type` or `id` key.
 */
const clientRelationship = z.preprocess((v) => (v === undefined || clientRef.safeParse(v).success ? v : null), clientRef);

export const projectCreateBody = resourceDocument(
  'project',
  z.object({ name: projectNameSchema, avatar: avatarSchema.optional() }),
  // A missing `relationships` object is reported at the client pointer too.
  z.preprocess((v) => v ?? {}, z.object({ client: clientRelationship })),
);

export const projectUpdateBody = resourceDocument(
  'project',
  z
    .object({
      name: projectNameSchema,
      avatar: avatarSchema,
      locked: z.boolean(),
      alert_id: idSchema.nullable(),
      /** The project's games on Steam (issue 31): replaces the list. */
      steam_app_ids: steamAppIdsSchema,
      /** The project's competitors (issue 32): replaces the list. */
      competitors: competitorsSchema,
    })
    .partial()
    // A change of brand alone may come without attributes.
    .optional(),
  z.object({ client: clientRelationship.optional() }).optional(),
);

/** A project as the server sends it (GET projects, docs/api.md): the presenter is typed by it, the web reads it. */
export const projectAttributesSchema = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  locked: z.boolean(),
  client_id: z.string(),
  client: z.object({ id: z.string(), name: z.string() }),
  'alert-id': z.string().nullable(),
  'youtube-search-id': z.string().nullable(),
  'twitch-search-id': z.string().nullable(),
  /** The Steam app ids the project follows (GET projects/{id}/steam). */
  'steam-app-ids': z.array(z.number().int()),
  /** Named Super Search queries the overview compares the project's coverage with (at most 5). */
  competitors: z.array(z.object({ name: z.string(), query: z.string() })),
  /** Saved coverage that is not archived. */
  'total-articles': z.number().int(),
  'total-reports': z.number().int(),
  'inserted-at': z.string().nullable(),
  'updated-at': z.string().nullable(),
});
export type ProjectAttributes = z.infer<typeof projectAttributesSchema>;
export const projectResourceSchema = resourceSchema('project', projectAttributesSchema).extend({ relationships: z.object({ client: toOne('client') }) });
