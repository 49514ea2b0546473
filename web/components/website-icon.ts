/**
 * An outlet's icon as our server stores it (`GET /api/icons/{domain}.png`, public, cached): the
 * reader's browser never calls the outlet's own site for it (which would tell every outlet what
 * the user reads, and fails offline). A 404 (no icon found) leaves the Avatar on the initial.
 */
export function websiteIconUrl(domain: string | null | undefined): string | null {
  const d = domain
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return d ? `/api/icons/${encodeURIComponent(d)}.png` : null;
}
