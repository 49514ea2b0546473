import { z } from 'zod';
import { resourceSchema } from './jsonapi.js';

/** An invitation link as the server sends it (`type: 'invite'`, id = the key; POST invite, GET p/ivs/{key}). */
export const inviteAttributesSchema = z.object({
  key: z.string(),
  /** Relative: `/signup/{key}`. */
  url: z.string(),
  status: z.string(),
  expires: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type InviteAttributes = z.infer<typeof inviteAttributesSchema>;
export const inviteResourceSchema = resourceSchema('invite', inviteAttributesSchema);
