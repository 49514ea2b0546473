import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api';

/** GET p/oidc: whether single sign-on is configured, the provider's label and where the login starts. */
export interface OidcSettings {
  enabled: boolean;
  label: string;
  login_url: string;
}

function fetchOidcSettings(): Promise<OidcSettings | null> {
  return apiFetch<{ data: { attributes: OidcSettings } }>('p/oidc', { public: true }).then(
    (doc) => doc.data.attributes,
    () => null,
  );
}

/**
 * The login page's single sign-on button. A server without the route (or any failure) simply
 * shows no button: the password form works either way. Without TanStack Query (the login page
 * loads none): asked as the page mounts, `data` undefined until the answer.
 */
export function useOidcSettings(): { data: OidcSettings | null | undefined } {
  const [data, setData] = useState<OidcSettings | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchOidcSettings().then((s) => {
      if (live) setData(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return { data };
}

/**
 * A path of this app to come back to after the provider's login, or null: only `/…` (never
 * `//host`, which a browser reads as another site), so a crafted login link cannot send people away.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value.length <= 2000 ? value : null;
}

/** The provider's login address, carrying where to return when the login page was opened with one. */
export function ssoLoginHref(loginUrl: string, returnTo: string | null): string {
  const path = safeReturnPath(returnTo);
  if (!path) return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}return_to=${encodeURIComponent(path)}`;
}
