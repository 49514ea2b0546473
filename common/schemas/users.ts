import { z } from 'zod';
import { avatarSchema, idSchema } from './jsonapi.js';
import { userNameSchema } from './auth.js';

/**
 * PATCH user/{id}: the default project (type new_user, `data: null` clears it), or the profile
 * and/or the current organization (type user).
 */
export const userUpdateBody = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('new_user'),
      id: idSchema.optional(),
      attributes: z.object({}).passthrough().optional(),
      relationships: z.object({
        project: z.object({ data: z.object({ type: z.literal('project'), id: idSchema }).nullable() }),
      }),
    }),
    z.object({
      type: z.literal('user'),
      id: idSchema.optional(),
      attributes: z.object({ name: userNameSchema, avatar: avatarSchema }).partial().optional(),
      relationships: z
        .object({ organization: z.object({ data: z.object({ type: z.literal('organization'), id: idSchema }) }) })
        .partial()
        .optional(),
    }),
  ]),
});
