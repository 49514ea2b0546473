/**
 * An audience or view count the way the tables show it: 950, 1.2K, 3.4M, 2.1B. A channel
 * that hides its subscriber count (null from the API) reads "hidden", never 0.
 */
export function formatAudience(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'hidden';
  const n = Math.max(0, Math.round(value));
  if (n < 1000) return String(n);
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (n >= size) {
      const scaled = n / size;
      // One decimal below 100 (1.2K, 34.5K); none above (250K), and never "1000K": that is 1M.
      const text = scaled >= 100 ? String(Math.floor(scaled)) : (Math.floor(scaled * 10) / 10).toFixed(1).replace(/\.0$/, '');
      if (text === '1000' && suffix !== 'B') continue;
      return `${text}${suffix}`;
    }
  }
  return String(n);
}

/** The exact count with thousands separators, for titles and detail modals ("1,234,567"). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'hidden';
  return Math.round(value).toLocaleString('en-US');
}
