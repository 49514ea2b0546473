// Answers of the headline tools (server/features/ai); their request body is articles' headlineBody.
import { z } from 'zod';
import { SENTIMENTS } from './articles.js';

/** POST sentiment: a headline's sentiment, or `available: false` with the reason when its language cannot be read. */
export const sentimentResultSchema = z.object({
  sentiment: z.enum(SENTIMENTS).nullable(),
  score: z.number().nullable(),
  available: z.boolean(),
  language: z.string().nullable(),
  reason: z.string().optional(),
});
export type SentimentResult = z.infer<typeof sentimentResultSchema>;

/** GET headline_tools (`type: 'headline_tools'`): what the headline tools can do on this server. */
export const headlineToolsStatusSchema = z.object({
  translation: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  sentiment: z.object({ languages: z.array(z.string()) }),
});
export type HeadlineToolsStatus = z.infer<typeof headlineToolsStatusSchema>;

/** POST translations: the headline in English and the language it was detected in. */
export const translationResultSchema = z.object({ translation: z.string(), source_language: z.string().nullable() });
export type TranslationResult = z.infer<typeof translationResultSchema>;
