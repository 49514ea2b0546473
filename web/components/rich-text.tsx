import { createElement, Fragment, type ReactNode } from 'react';
import { RICH_TEXT_DROPPED, RICH_TEXT_IMAGE, RICH_TEXT_LINK, RICH_TEXT_RENAMES, RICH_TEXT_TAGS } from '../../common/rich-text';

/**
 * A report's description as React elements, rebuilt from an allowlist: what the server keeps when
 * it saves one (server/features/reports/sanitize.ts) and nothing more — paragraphs, line breaks,
 * emphasis, headings, lists, quotes, http(s)/mailto links and http(s) images. It is the browser's
 * second line of defence (the server cleans the HTML on save; rows written another way, as the demo
 * seed's, are not cleaned again when read), in place of DOMPurify (~9 KB brotli on the public report,
 * issue 28). Safe by construction rather than by cleaning a string: the HTML is parsed into an inert
 * document (DOMParser: no script runs, no image loads), and only the allowed elements, the allowed
 * attributes with checked URLs, and text are turned into React elements — there is no HTML string
 * put back into the page, so nothing is parsed twice (no mutation XSS), and React escapes the text.
 */
const KEEP: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const RENAME: Readonly<Record<string, string>> = RICH_TEXT_RENAMES;
/**
 * Dropped with their content: the server's list, and what only a browser's parser makes of a
 * string (frames, forms and their fields, the document's head) — none of it is prose.
 */
const DROP: ReadonlySet<string> = new Set([...RICH_TEXT_DROPPED, 'select', 'frame', 'frameset', 'head', 'form', 'input', 'button']);
const ABSOLUTE_LINK = RICH_TEXT_LINK;
const ABSOLUTE_IMAGE = RICH_TEXT_IMAGE;

/** What a description shows once converted: some text, an image. */
interface Seen {
  text: boolean;
  image: boolean;
}

function convert(node: Node, key: number, seen: Seen): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue?.trim()) seen.text = true;
    return node.nodeValue;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const name = el.localName.toLowerCase();
  const tag = RENAME[name] ?? name;
  if (DROP.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') return null;
  const children = () => Array.from(el.childNodes, (child, i) => convert(child, i, seen));
  if (!KEEP.has(tag)) return createElement(Fragment, { key }, ...children());
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'img') {
    const src = el.getAttribute('src')?.trim() ?? '';
    if (!ABSOLUTE_IMAGE.test(src)) return null;
    seen.image = true;
    return createElement('img', { key, src, alt: el.getAttribute('alt') ?? '' });
  }
  if (tag === 'a') {
    const href = el.getAttribute('href')?.trim() ?? '';
    const props = {
      key,
      ...(ABSOLUTE_LINK.test(href) ? { href } : {}),
      ...(el.hasAttribute('target') ? { target: '_blank' } : {}),
      // Never a window.opener for the page it opens; nofollow where the source asks (the server adds it to a description's links).
      rel: /\bnofollow\b/i.test(el.getAttribute('rel') ?? '') ? 'noopener noreferrer nofollow' : 'noopener noreferrer',
    };
    return createElement('a', props, ...children());
  }
  return createElement(tag, { key }, ...children());
}

/** The description's content to render, or null when it shows nothing (no text, no image). */
export function richText(html: string | null | undefined): ReactNode | null {
  if (!html?.trim()) return null;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const seen: Seen = { text: false, image: false };
  const nodes = Array.from(body.childNodes, (child, i) => convert(child, i, seen));
  return seen.text || seen.image ? nodes : null;
}
