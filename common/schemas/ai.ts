// Answers of the headline tools (server/features/ai); their request body is articles' headlineBody.
import type { Sentiment } from './articles.js';

/** POST sentiment: a headline's sentiment, or `available: false` with the reason when its language cannot be read. */
export interface SentimentResult {
  sentiment: Sentiment | null;
  score: number | null;
  available: boolean;
  language: string | null;
  reason?: string;
}

/** GET headline_tools (`type: 'headline_tools'`): what the headline tools can do on this server. */
export interface HeadlineToolsStatus {
  translation: { available: boolean; reason: string | null };
  sentiment: { languages: string[] };
}

/** POST translations: the headline in English and the language it was detected in. */
export interface TranslationResult {
  translation: string;
  source_language: string | null;
}
