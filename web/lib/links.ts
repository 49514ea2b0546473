/**
 * Outside addresses, set at build time (VITE_* variables). The defaults are placeholders on the
 * reserved example.com domain until the product's public site exists.
 */
export const LINKS = {
  faq: import.meta.env.VITE_FAQ_URL ?? 'https://coverwatch.example.com/faq',
  support: import.meta.env.VITE_SUPPORT_URL ?? 'mailto:support@coverwatch.example.com',
  site: import.meta.env.VITE_SITE_URL ?? '/',
  theme: import.meta.env.VITE_THEME_URL ?? 'https://mantine.dev',
} as const;

/**
 * A stored link as an `href`: only http(s) addresses are followed. The server refuses other schemes
 * on input; rows stored before that rule (or from a feed) must still never become a
 * `javascript:` link in a table, a report or a highlight card.
 */
export function webHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
