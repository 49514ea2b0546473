import { ACCOUNT_MSG } from './account.js';

/**
 * The message of an HTTP status. A module of its own, reading its area rather than the whole
 * catalogue: the web app's API client needs it on every page, and a page that needs nothing else
 * of the catalogue then carries only that area (vite.config.ts).
 */
export function statusMessage(status: number): string {
  return ACCOUNT_MSG.status[status] ?? ACCOUNT_MSG.status[500];
}
