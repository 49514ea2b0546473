import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_DROPPED, RICH_TEXT_IMAGE, RICH_TEXT_LINK, RICH_TEXT_RENAMES, RICH_TEXT_TAGS } from '../../../common/rich-text.js';

/**
 * A report description is written in the rich-text editor and shown on a public page, so it
 * is cleaned when saved: the editor's formatting stays (paragraphs, emphasis, headings, lists,
 * quotes, links, images); scripts, styles, frames, forms, event handlers and any URL that is
 * not http(s) (or mailto: for links) go. Links always get rel="noopener noreferrer nofollow".
 * The web app rebuilds it from the same allowlist (common/rich-text.ts) before rendering (defence in depth).
 */
const ABSOLUTE_LINK = RICH_TEXT_LINK;
const ABSOLUTE_IMAGE = RICH_TEXT_IMAGE;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Their text is code or markup, not prose: dropped with the tag.
  nonTextTags: [...RICH_TEXT_DROPPED],
  disallowedTagsMode: 'discard',
  transformTags: {
    ...RICH_TEXT_RENAMES,
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      return {
        tagName,
        attribs: {
          // Relative links would point into Coverwatch itself: only absolute ones are kept.
          ...(href && ABSOLUTE_LINK.test(href.trim()) ? { href: href.trim() } : {}),
          ...(target ? { target: '_blank' } : {}),
          rel: 'noopener noreferrer nofollow',
        },
      };
    },
  },
  // An image without an absolute http(s) source is noise (or a trick): dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !ABSOLUTE_IMAGE.test((frame.attribs.src ?? '').trim()),
};

/** The description HTML as it is stored and served. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
