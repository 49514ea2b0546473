import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { avatarSchema, resourceDocument, resourceSchema } from './jsonapi.js';

export const brandNameSchema = z
  .string({ error: MSG.validation.brandLength })
  .trim()
  .min(LIMITS.brandName.min, MSG.validation.brandLength)
  .max(LIMITS.brandName.max, MSG.validation.brandLength);

export const clientCreateAttributes = z.object({
  name: brandNameSchema,
  avatar: avatarSchema.optional(),
});
export const clientUpdateAttributes = z.object({ name: brandNameSchema, avatar: avatarSchema, locked: z.boolean() }).partial();

export const clientCreateBody = resourceDocument('client', clientCreateAttributes);
export const clientUpdateBody = resourceDocument('client', clientUpdateAttributes);
export type ClientCreateAttributes = z.infer<typeof clientCreateAttributes>;

/** A brand as the server sends it (`type: 'client'`, docs/api.md): the presenter is typed by it, the web reads it. */
export const clientAttributesSchema = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  locked: z.boolean(),
  'inserted-at': z.string().nullable().optional(),
  'updated-at': z.string().nullable().optional(),
});
export type ClientAttributes = z.infer<typeof clientAttributesSchema>;
export const clientResourceSchema = resourceSchema('client', clientAttributesSchema);
