/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External FAQ opened from the side navigation. */
  readonly VITE_FAQ_URL?: string;
  /** Where "contact support" links lead (mailto: or https:). */
  readonly VITE_SUPPORT_URL?: string;
  /** The provider's public site, linked from public report pages. */
  readonly VITE_SITE_URL?: string;
  /** The theme link of the settings panel. */
  readonly VITE_THEME_URL?: string;
}
