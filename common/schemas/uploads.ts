import { z } from 'zod';
import { resourceSchema } from './jsonapi.js';

/** An uploaded image as the server sends it (`type: 'upload'`; POST uploads, POST p/f/av). */
export const uploadAttributesSchema = z.object({
  /** Where the image is served. */
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  scope: z.string(),
  description: z.string().nullable(),
});
export type UploadAttributes = z.infer<typeof uploadAttributesSchema>;
export const uploadResourceSchema = resourceSchema('upload', uploadAttributesSchema);
