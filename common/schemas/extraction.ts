import { z } from 'zod';
import { resourceSchema } from './jsonapi.js';

/** What the extraction service read from an article's page (`type: 'extraction'`, GET extract). */
export const extractionAttributesSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  excerpt: z.string().nullable(),
  image: z.string().nullable(),
  published_at: z.string().nullable(),
  language: z.string().nullable(),
  site_name: z.string().nullable(),
});
export type ExtractionAttributes = z.infer<typeof extractionAttributesSchema>;
export const extractionResourceSchema = resourceSchema('extraction', extractionAttributesSchema);
