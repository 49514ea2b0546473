import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { steamAppIdsSchema } from './steam.js';
import { avatarSchema, idSchema, resourceDocument, resourceSchema, toOne } from './jsonapi.js';

export const projectNameSchema = z
  .string({ error: MSG.validation.projectLength })
  .trim()
  .min(LIMITS.projectName.min, MSG.validation.projectLength)
  .max(LIMITS.projectName.max, MSG.validation.projectLength);

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
  /** Saved coverage that is not archived. */
  'total-articles': z.number().int(),
  'total-reports': z.number().int(),
  'inserted-at': z.string().nullable(),
  'updated-at': z.string().nullable(),
});
export type ProjectAttributes = z.infer<typeof projectAttributesSchema>;
export const projectResourceSchema = resourceSchema('project', projectAttributesSchema).extend({ relationships: z.object({ client: toOne('client') }) });
