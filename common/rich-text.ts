/**
 * What a report description may hold (issue 28): the server cleans it to this when it is saved
 * (server/features/reports/sanitize.ts, sanitize-html) and the browser rebuilds it from the same
 * list when it shows it (web/components/rich-text.tsx) — one allowlist, two lines of defence.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'] as const;
/** Written by other editors for the same thing. */
export const RICH_TEXT_RENAMES: Readonly<Record<string, (typeof RICH_TEXT_TAGS)[number]>> = { b: 'strong', i: 'em', strike: 's', del: 's' };
/** Their text is code or markup, not prose: dropped with the element (any other element is dropped and its text kept). */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'xmp',
  'noembed',
  'noframes',
] as const;
/** A link's address: absolute http(s), or mailto (a relative one would point into Coverwatch itself). */
export const RICH_TEXT_LINK = /^(https?:\/\/[^\s/]|mailto:)/i;
/** An image's address: absolute http(s) only. */
export const RICH_TEXT_IMAGE = /^https?:\/\/[^\s/]/i;
