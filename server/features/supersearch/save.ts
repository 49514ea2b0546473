import { MSG } from '../../../common/messages.js';
import type { SupersearchSaveResult } from '../../../common/schemas/supersearch.js';
import type { Tx } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import { composeSavedArticle, requireActiveTag, saveArchiveArticles } from '../articles/service.js';
import { projectInOrg } from '../projects/service.js';
import { findTag } from '../tags/service.js';
import { findArchiveArticles } from './repo.js';

export type SaveResultsOutcome = SupersearchSaveResult;

/** The catalogue's words for a bulk save (001 §8 "Articles and bulk"). */
function saveMessage(saved: number, exists: number): string {
  if (saved > 0 && exists > 0) return MSG.articles.partialSave(saved, exists);
  if (saved > 0) return MSG.articles.savedCount(saved);
  if (exists > 0) return MSG.articles.alreadyExists;
  return MSG.articles.saveFailed;
}

/**
 * Saves archive articles under a tag of a project, copied from the archive like a save from an
 * alert's feed (composeSavedArticle). The project and the tag must be the organization's (404
 * otherwise); the tag must be active and the project's (422 at /tag_id). One statement: each
 * row is saved whole or skipped because the project has its URL.
 */
export async function saveResults(tx: Tx, orgId: number, input: { ids: number[]; tagId: number; projectId: number }): Promise<SaveResultsOutcome> {
  if (!(await projectInOrg(tx, orgId, input.projectId))) throw notFound('project');
  const orgTag = await findTag(tx, orgId, input.tagId);
  if (!orgTag) throw notFound('tag');
  if (orgTag.projectId !== input.projectId) throw fieldError('/tag_id', MSG.supersearch.tagNotInProject);
  const tag = await requireActiveTag(tx, orgId, input.tagId, '/tag_id');
  const ids = [...new Set(input.ids)];
  const found = await findArchiveArticles(tx, ids);
  const values = found.map((a) => composeSavedArticle(tag, { canonical: a.url, key: a.urlKey, fullUrl: a.fullUrl }, { archive: a }).values);
  const saved = await saveArchiveArticles(tx, orgId, values);
  const exists = found.length - saved.size;
  return { success: saved.size, already_exists: exists, not_found: ids.length - found.length, message: saveMessage(saved.size, exists) };
}
