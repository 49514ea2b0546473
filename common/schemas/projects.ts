import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { avatarSchema, idSchema, resourceDocument } from './jsonapi.js';

export const projectNameSchema = z
  .string({ error: MSG.validation.projectLength })
  .trim()
  .min(LIMITS.projectName.min, MSG.validation.projectLength)
  .max(LIMITS.projectName.max, MSG.validation.projectLength);

const clientRef = z.object(
  { data: z.object({ type: z.literal('client'), id: idSchema }) },
  { error: MSG.validation.projectNeedsBrand },
);

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
    })
    .partial()
    // A change of brand alone may come without attributes.
    .optional(),
  z.object({ client: clientRelationship.optional() }).optional(),
);

/** A project as the server sends it (GET projects, docs/api.md): the presenter is typed by it, the web reads it. */
export interface ProjectAttributes {
  name: string;
  avatar: string | null;
  locked: boolean;
  client_id: string;
  client: { id: string; name: string };
  'alert-id': string | null;
  'youtube-search-id': string | null;
  'twitch-search-id': string | null;
  /** Saved coverage that is not archived. */
  'total-articles': number;
  'total-reports': number;
  'inserted-at': string | null;
  'updated-at': string | null;
}
