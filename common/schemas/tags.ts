import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { idSchema, resourceDocument, resourceSchema, toOne } from './jsonapi.js';

export const tagNameSchema = z
  .string({ error: MSG.validation.tagLength })
  .trim()
  .min(LIMITS.tagName.min, MSG.validation.tagLength)
  .max(LIMITS.tagName.max, `Tag name must be at most ${LIMITS.tagName.max} characters`);

/** A calendar date (YYYY-MM-DD) or a full ISO timestamp. */
export const dateSchema = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Please enter a valid date');

export const tagCreateBody = resourceDocument(
  'tag',
  z.object({
    name: tagNameSchema,
    has_highlight: z.boolean().optional(),
    highlight_date: dateSchema.nullable().optional(),
  }),
  z
    .object({ project: z.object({ data: z.object({ type: z.literal('project'), id: idSchema }) }) })
    .partial()
    .optional(),
);

export const tagUpdateBody = resourceDocument(
  'tag',
  z
    .object({
      name: tagNameSchema,
      locked: z.boolean(),
      has_highlight: z.boolean(),
      highlight_date: dateSchema.nullable(),
    })
    .partial(),
);

/** A tag as the server sends it (`type: 'tag'`, docs/api.md): the presenter is typed by it, the web reads it. */
export const tagAttributesSchema = z.object({
  name: z.string(),
  project_id: z.string(),
  locked: z.boolean(),
  'has-highlight': z.boolean(),
  'highlight-date': z.string().nullable(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
});
export type TagAttributes = z.infer<typeof tagAttributesSchema>;
export const tagResourceSchema = resourceSchema('tag', tagAttributesSchema).extend({ relationships: z.object({ project: toOne('project') }) });
