import type { Tx } from '../../db/client.js';
import { findTag, insertTag, type TagRow } from './repo.js';

/** The organization's tag (archived ones too), undefined for another organization's id. */
export { findTag, type TagRow };

/**
 * Creates a tag under a project of the organization, in the caller's transaction (the demo
 * seed files its coverage under them). The project must already be known to be the
 * organization's. A highlighted tag gets a date (now unless given).
 */
export async function createTag(
  tx: Tx,
  orgId: number,
  projectId: number,
  values: { name: string; hasHighlight?: boolean; highlightDate?: Date | null },
): Promise<TagRow> {
  return insertTag(tx, orgId, projectId, values);
}
