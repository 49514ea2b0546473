/** Cuts `text` to `max` characters with an ellipsis (titles 85, tooltip urls 75; 001 §9). */
export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? '';
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/**
 * The English possessive of a name: "Nebula Games'" (a name ending in s takes the apostrophe
 * alone, as style guides for plural-looking names do), "Starfall's".
 */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}’` : `${trimmed}’s`;
}
