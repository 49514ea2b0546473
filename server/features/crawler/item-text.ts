import { storyFingerprint, type StoryFingerprint } from '../stories/service.js';

/** The longest values an item's fields are stored with (characters). */
export const CAPS = { url: 4096, title: 1000, description: 10_000, html: 500_000, author: 200, image: 2048 } as const;

/** A feed's text as stored: NULs removed, trimmed, cut at `max` characters (never inside a surrogate pair); null when empty. */
export function clean(value: string | null | undefined, max: number): string | null {
  if (value == null) return null;
  // eslint-disable-next-line no-control-regex
  let s = value.replace(/\u0000/g, '').trim();
  if (!s) return null;
  if (s.length > max) s = s.slice(0, /[\uD800-\uDBFF]/.test(s[max - 1]) ? max - 1 : max);
  return s;
}

/**
 * An item's story fingerprint from its title and description as the ingest stores them (the same
 * as normalize.ts would compute): made in the parse thread, so the ingest's event loop does not.
 */
export function storyOfItem(item: { title: string | null; description: string | null }): StoryFingerprint {
  return storyFingerprint(clean(item.title, CAPS.title) ?? '', clean(item.description, CAPS.description) ?? '');
}
