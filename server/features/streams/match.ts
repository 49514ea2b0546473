/**
 * A Twitch feed's keyword against what a game's poll brought, matched here rather than by Helix
 * (which has no text search for streams): the typed name is a phrase, commas separate
 * alternatives ("nebula, starfall cup" = either), case and accents do not count, and a term only
 * matches whole words ("nebula" is not found in "nebulas").
 */

/** Lower case, accents removed, everything but letters and digits a single space, padded. */
export function foldText(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

/** The keyword's alternatives, folded (empty ones dropped). */
export function keywordTerms(keyword: string): string[] {
  return [
    ...new Set(
      keyword
        .split(',')
        .map((t) => foldText(t))
        .filter((t) => t.trim() !== ''),
    ),
  ];
}

/** Whether any alternative appears as a phrase in the folded text. */
export function matchesTerms(terms: string[], foldedText: string): boolean {
  return terms.some((t) => foldedText.includes(t));
}

/** Convenience for one keyword and one text. */
export function keywordMatches(keyword: string, text: string): boolean {
  return matchesTerms(keywordTerms(keyword), foldText(text));
}

/** A feed as matching needs it: its keyword's terms (none: the whole game) and its minimum viewers. */
export interface FeedFilter {
  terms: string[];
  minViewers: number | null;
}

export function feedFilter(feed: { keyword: string; minViewers: number | null }): FeedFilter {
  return { terms: keywordTerms(feed.keyword), minViewers: feed.minViewers };
}

/**
 * Whether an item of the feed's game belongs in the feed: a keyword feed takes streams and videos
 * whose text matches; a game-wide feed (no keyword) takes every live stream. The minimum viewer
 * count applies to live streams (viewers when seen), not to videos (views).
 */
export function feedTakes(filter: FeedFilter, item: { kind: string; viewers: number }, foldedText: string): boolean {
  if (filter.terms.length === 0) {
    if (item.kind !== 'stream') return false;
  } else if (!matchesTerms(filter.terms, foldedText)) return false;
  return item.kind !== 'stream' || filter.minViewers === null || item.viewers >= filter.minViewers;
}
