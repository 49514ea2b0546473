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

/**
 * The link-analysis page of an item (001: "Link analysis opens an external analyse address with
 * url and id"): the configured address (`ANALYSIS_URL`, told by `GET user` meta) with the item's
 * `url` and `id` as query parameters, keeping any parameters the address already has. Undefined
 * when no address is configured (the menu item is then hidden) or it is not an http(s) address.
 */
export function analysisHref(base: string | null | undefined, item: { url: string; id: string }): string | undefined {
  if (!base || !webHref(base)) return undefined;
  const href = new URL(base);
  href.searchParams.set('url', item.url);
  href.searchParams.set('id', item.id);
  return href.toString();
}

/** The query parameter that opens a project's alert form on its articles feed (`?alert=edit`). */
export const ALERT_FORM_PARAM = 'alert';

/** What a screen linking to the alert form may say: where to go back once the form closes. */
export interface AlertFormLinkState {
  returnTo?: string;
}

/**
 * The articles feed of a project with its alert form open: the edit form when the project has an
 * alert, the create form when it has none. The form lives with the feed (the alerts feature), so
 * other screens (the projects table's "Edit alert") link to it rather than embed it.
 */
export function alertFormPath(projectId: string): string {
  return `/articles-feed/${encodeURIComponent(projectId)}?${ALERT_FORM_PARAM}=edit`;
}
