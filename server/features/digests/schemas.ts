import { z } from 'zod';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { FREQUENCIES } from './repo.js';

/** POST /notifications: toggles the caller's subscription to a project (001 "Notifications"). */
export const notificationCreateBody = z.object({
  data: z.object({
    type: z.literal('notification'),
    attributes: z.object({ project_id: idSchema, user_id: idSchema }),
  }),
});

/** PATCH /notifications/{id}: `subscription.status` (the spec's), and the digest's frequency. */
export const notificationUpdateBody = z.object({
  data: z.object({
    type: z.literal('notification'),
    id: idSchema.optional(),
    attributes: z.object({
      user_id: idSchema.optional(),
      subscription: z
        .object({ status: z.boolean().optional(), frequency: z.enum(FREQUENCIES).optional() })
        .refine((s) => s.status !== undefined || s.frequency !== undefined, 'Give a status or a frequency'),
    }),
  }),
});

/** GET /notifications?id={userId} */
export const notificationListQuery = z.object({ id: idSchema }).loose();

export const notificationIdParams = z.object({ id: idSchema });

/** The token of an unsubscribe link (43 characters of base64url; anything else finds nothing). */
export const unsubscribeParams = z.object({ token: z.string().min(1).max(128) });
