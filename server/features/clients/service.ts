import type { Tx } from '../../db/client.js';
import { findClient, insertClient, type ClientRow } from './repo.js';

/** The organization's brand (archived ones too), undefined for another organization's id. */
export { findClient, type ClientRow };

/**
 * Creates a brand (client) of the organization, in the caller's transaction when given one
 * (the free sign-up creates its first brand with the account). The avatar, when any, must
 * already have been checked as the organization's own upload.
 */
export async function createClient(db: Tx, orgId: number, values: { name: string; avatar?: string | null }): Promise<ClientRow> {
  return insertClient(db, orgId, values);
}
