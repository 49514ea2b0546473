/**
 * Keywords as YouTube searches: feeds whose keywords normalise to the same `q` share one
 * search (and its quota) across organizations.
 */

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The search `q` of a typed keyword: each comma-separated name is a phrase, lower case, single
 * spaces (`Elden Ring` → `"elden ring"`; `Elden Ring, Nightreign` → `"elden ring"|"nightreign"`).
 * Quotes the user typed are dropped (the name is quoted as a whole); names are de-duplicated and
 * sorted so that the same set of names is the same search.
 */
export function normaliseKeyword(keyword: string): string {
  const names = keyword
    .split(',')
    .map((n) => n.replace(/["|]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(names)]
    .sort()
    .map((n) => `"${n}"`)
    .join('|');
}

/** The phrases of a normalised `q`, folded for matching. */
export function phrasesOf(q: string): string[] {
  return [...q.matchAll(/"([^"]+)"/g)].map((m) => fold(m[1]));
}

/** Does a video (title + description) match the search locally (phrase, case- and accent-insensitive)? */
export function matchesSearch(q: string, title: string, description: string): boolean {
  const text = fold(`${title}\n${description}`).replace(/\s+/g, ' ');
  return phrasesOf(q).some((p) => p.length > 0 && text.includes(p));
}
