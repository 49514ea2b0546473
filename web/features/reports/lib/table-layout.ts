import { domainOf } from '../../../../common/url';
import type { ReportArticle } from '../api/types';

/** The outlet a report names for an article: its media name, else its link's domain. */
export const outletName = (a: Pick<ReportArticle, 'media' | 'url'>): string => a.media || domainOf(a.url);

/** Beyond this many characters the printed table sets an outlet smaller (a domain never breaks). */
export const LONG_OUTLET_CHARS = 26;

/** How a column's width follows its longest text: the cell's fixed part, a character's width, and the bounds. */
interface FitRule {
  chromePx: number;
  charPx: number;
  minPx: number;
  maxPx: number;
}

// The Media cell: 24 px icon, 10 px gap, 2 × 10 px padding, up to ~9 px a character of 14 px text (wide letters, fallback fonts).
const MEDIA_FIT: FitRule = { chromePx: 54, charPx: 9, minPx: 150, maxPx: 260 };
// The Tag cell: a pill (2 × 10 px) in 2 × 10 px of padding, ~7 px a character of its 12 px text.
const TAG_FIT: FitRule = { chromePx: 40, charPx: 7, minPx: 110, maxPx: 200 };

function fittedWidth(texts: Iterable<string>, rule: FitRule): number {
  let longest = 0;
  for (const text of texts) longest = Math.max(longest, text.length);
  return Math.round(Math.min(rule.maxPx, Math.max(rule.minPx, rule.chromePx + longest * rule.charPx)));
}

/**
 * The Media column's width on screen, from the longest outlet of the report: the outlet is the first
 * thing a PR person reads, so it gets the room its names need (150–260 px; a longer name ends in
 * an ellipsis with the whole name on hover) and the other columns give way.
 */
export function mediaColumnWidth(articles: Pick<ReportArticle, 'media' | 'url'>[]): number {
  return fittedWidth(articles.map(outletName), MEDIA_FIT);
}

/** The Tag column's width on screen, from the longest tag of the report (110–200 px). */
export function tagColumnWidth(articles: Pick<ReportArticle, 'tag_name'>[]): number {
  return fittedWidth(
    articles.map((a) => a.tag_name ?? ''),
    TAG_FIT,
  );
}

/** A link cut after each slash, `?` and `&`: where a bare link shown as a title may wrap. */
export function urlBreakParts(url: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < url.length; i++) {
    const breaksAfter = '/?&'.includes(url[i]) && !'/?&'.includes(url[i + 1] ?? '');
    if (breaksAfter || i === url.length - 1) {
      parts.push(url.slice(start, i + 1));
      start = i + 1;
    }
  }
  return parts;
}
