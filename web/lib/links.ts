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
