import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** GET p/oidc: whether single sign-on is configured, the provider's label and where the login starts. */
export interface OidcSettings {
  enabled: boolean;
  label: string;
  login_url: string;
}

/**
 * The login page's single sign-on button. A server without the route (or any failure) simply
 * shows no button: the password form works either way.
 */
export function useOidcSettings() {
  return useQuery({
    queryKey: ['p/oidc'],
    queryFn: async (): Promise<OidcSettings | null> => {
      try {
        return (await apiFetch<{ data: { attributes: OidcSettings } }>('p/oidc', { public: true })).data.attributes;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
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
