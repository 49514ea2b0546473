import { getDomain } from 'tldts';

/**
 * The registrable domain of a host or URL by the Public Suffix List (ICANN section, as Tranco's
 * default pay-level list): `news.example.co.uk` → `example.co.uk`. A traffic ranking counts a
 * subdomain as its registrable domain. Null for IP addresses, `localhost` and anything the list
 * cannot place.
 */
export function registrableDomain(hostOrUrl: string): string | null {
  const host = hostOrUrl.trim().toLowerCase().replace(/\.$/, '');
  if (!host) return null;
  const domain = getDomain(host, { allowPrivateDomains: false });
  return domain ? domain.toLowerCase() : null;
}
