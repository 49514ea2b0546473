/** Cuts `text` to `max` characters with an ellipsis (titles 85, tooltip urls 75; 001 §9). */
export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? '';
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}
