import { z } from 'zod';
import { avatarSchema, idSchema } from './jsonapi.js';
import { userNameSchema } from './auth.js';

/** PATCH user/{id}: either the default project (type new_user) or the profile (type user). */
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
      attributes: z.object({ name: userNameSchema, avatar: avatarSchema }).partial(),
    }),
  ]),
});
