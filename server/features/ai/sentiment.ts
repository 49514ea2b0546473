import vader from 'vader-sentiment';
import type { Sentiment } from '../../../common/schemas/articles.js';

/**
 * Headline sentiment, offline, with VADER (a lexicon and rules tuned for short social text,
 * which headlines resemble). The rule:
 *
 * - `controversial` when the headline carries both strong praise and strong criticism: the
 *   positive and the negative proportions are each at least 0.2 ("Brilliant gameplay ruined by
 *   broken servers"). Checked first, because the compound of such a headline is a tug of war
 *   that says little.
 * - otherwise VADER's own thresholds on the compound score: ≥ 0.05 `positive`, ≤ −0.05
 *   `negative`, in between `neutral`.
 *
 * `score` is the compound, −1 to 1, rounded to 3 decimals.
 */
export const CONTROVERSY_MIN = 0.2;
export const POLARITY_THRESHOLD = 0.05;

export function classifyHeadline(text: string): { sentiment: Sentiment; score: number; positive: number; negative: number } {
  const s = vader.SentimentIntensityAnalyzer.polarity_scores(text);
  const score = Math.round(s.compound * 1000) / 1000;
  let sentiment: Sentiment;
  if (s.pos >= CONTROVERSY_MIN && s.neg >= CONTROVERSY_MIN) sentiment = 'controversial';
  else if (s.compound >= POLARITY_THRESHOLD) sentiment = 'positive';
  else if (s.compound <= -POLARITY_THRESHOLD) sentiment = 'negative';
  else sentiment = 'neutral';
  return { sentiment, score, positive: s.pos, negative: s.neg };
}
