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
