import { z } from 'zod';
import { resourceSchema } from './jsonapi.js';

/** A highlight's screenshot as the server sends it (`type: 'screenshot'`, id = the saved article's id). */
export const screenshotAttributesSchema = z.object({
  article_id: z.string(),
  article_url: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  source: z.enum(['screenshot', 'preview', 'placeholder']).nullable(),
  /** Where its JPEG is served to this caller; null without one. */
  image_url: z.string().nullable(),
  error: z.string().nullable(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
});
export type ScreenshotAttributes = z.infer<typeof screenshotAttributesSchema>;
export const screenshotResourceSchema = resourceSchema('screenshot', screenshotAttributesSchema);
