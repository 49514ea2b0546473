import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../../common/limits';
import type { BulkResult, BulkRowResult } from '../../../../common/schemas/articles';
import { FEED_DEFAULT_SORT, type FeedArticleAttributes } from '../../../../common/schemas/articles-feed';
import { MSG } from '../../../../common/messages';
import { ApiError, apiFetch, downloadCsv, listQuery } from '../../../lib/api';
import { listParamsQuery, type FilterValue, type ListParams } from '../../../components/data-table/use-list-query';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { feedPath } from './feed-first-page';

export type { FeedArticleAttributes };
export type FeedArticle = FeedArticleAttributes & { id: string };

export { feedPath };
export { FEED_DEFAULT_SORT };

/**
 * The parameters the feed table is showing right now: the DataTable keeps its page, sort and
 * search to itself, and its active list query is the one place they can be read from (the
 * export of "the current filters" must match what is on screen).
 */
export function activeListParams(qc: QueryClient, path: string): ListParams | undefined {
  const [active] = qc
    .getQueryCache()
    .findAll({ queryKey: [path, 'list'], type: 'active' })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return active?.queryKey[2] as ListParams | undefined;
}

/** GET csv/articles_feed/:alert_id with the current filters (up to 1,000,000 rows), as text/csv. */
export async function exportFeedCsv(alertId: string, params: { sort?: string; search?: string; filter: Record<string, FilterValue> }) {
  const query = { ...listParamsQuery(params), 'page[page_size]': LIMITS.exportFilters };
  await downloadCsv(`csv/${feedPath(alertId)}`, query, `articles-feed-${alertId}`);
}

/** The checked rows only: filter[ids_list] (at most 10,000). */
export async function exportFeedIds(alertId: string, ids: string[]) {
  const query = { ...listQuery({ filter: { ids_list: ids.slice(0, LIMITS.exportIds).join(',') } }), 'page[page_size]': LIMITS.exportIds };
  await downloadCsv(`csv/${feedPath(alertId)}`, query, `articles-feed-${alertId}-selection`);
}

export type { BulkResult, BulkRowResult };

export type BulkKind = 'save' | 'delete';
export interface BulkOutcome {
  level: 'success' | 'warning' | 'error';
  message: string;
}

/**
 * The toast of a bulk result (000 §4, 001 §8): the batch counts as done only when nothing failed
 * and something succeeded; some of each is a warning; nothing done is an error.
 */
export function bulkOutcome(kind: BulkKind, r: Pick<BulkResult, 'success' | 'failed'>): BulkOutcome {
  if (r.success > 0 && r.failed === 0)
    return { level: 'success', message: kind === 'save' ? MSG.articles.savedCount(r.success) : MSG.articles.deletedCount(r.success) };
  if (r.success > 0)
    return {
      level: 'warning',
      message: kind === 'save' ? MSG.articles.partialSave(r.success, r.failed) : MSG.alerts.partialDelete(r.success, r.failed),
    };
  return { level: 'error', message: kind === 'save' ? MSG.articles.alreadyExists : MSG.articles.bulkFailed };
}

function showOutcome(o: BulkOutcome) {
  if (o.level === 'success') toastSuccess(o.message);
  else if (o.level === 'warning') toastWarning(o.message);
  else toastError(null, o.message);
}

export type BulkRequest = { kind: 'save'; ids: string[]; tagId: string } | { kind: 'delete'; ids: string[] };

/** The body of POST bulk/articles for saving feed articles under a tag, or removing them from the feed. */
export function bulkDocument(alertId: string, req: BulkRequest) {
  if (req.kind === 'save') return { data: { type: 'articles_rss_ids', attributes: { ids: req.ids, tag_id: req.tagId, alert_id: alertId } } };
  return {
    data: { type: 'delete_articles_rss_ids', attributes: { ids: req.ids }, relationships: { alert: { data: { type: 'alert', id: alertId } } } },
  };
}

async function postBulk(alertId: string, req: BulkRequest): Promise<BulkResult> {
  const doc = await apiFetch<{ data: { attributes: BulkResult } }>('bulk/articles', { method: 'POST', body: bulkDocument(alertId, req) });
  return doc.data.attributes;
}

/**
 * Save or delete feed articles in bulk, then toast per the catalogue and reload the feed (and
 * the saved coverage, which the saved badges and the Saved articles screen read).
 */
export function useFeedBulk(alertId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: BulkRequest) => postBulk(alertId, req),
    onSuccess: (result, req) => showOutcome(bulkOutcome(req.kind, result)),
    onError: (err, req) => {
      // All rows already saved: the server answers 422 with the catalogue's message.
      if (req.kind === 'save' && err instanceof ApiError && err.status === 422) showOutcome(bulkOutcome('save', { success: 0, failed: req.ids.length }));
      else toastError(err, req.kind === 'save' ? MSG.articles.saveFailed : MSG.articles.bulkFailed);
    },
    onSettled: async (_r, _e, req) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: [feedPath(alertId)] }),
        req.kind === 'save' ? qc.invalidateQueries({ queryKey: ['articles'] }) : Promise.resolve(),
      ]);
    },
  });
}

/** A merge or split of stories in the feed (issue 32): the organization's own correction. */
export type StoryEdit = { kind: 'merge'; storyIds: string[] } | { kind: 'split'; articleId: string };

/**
 * Merge stories (POST articles_feed/:alert_id/stories/merge, into the first) or split an article
 * out of its story (…/stories/split), then reload the feed.
 */
export function useStoryEdit(alertId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: StoryEdit) =>
      req.kind === 'merge'
        ? apiFetch<{ data: { id: string; attributes: { size: number } } }>(`${feedPath(alertId)}/stories/merge`, {
            method: 'POST',
            body: { data: { type: 'story_merge', attributes: { story_ids: req.storyIds } } },
          })
        : apiFetch<{ data: { id: string; attributes: { size: number } } }>(`${feedPath(alertId)}/stories/split`, {
            method: 'POST',
            body: { data: { type: 'story_split', attributes: { article_id: req.articleId } } },
          }),
    onSuccess: (doc, req) => toastSuccess(req.kind === 'merge' ? MSG.articles.storiesMerged(doc.data.attributes.size) : MSG.articles.storySplit),
    onError: (err, req) => toastError(err, req.kind === 'merge' ? MSG.articles.storiesMergeFailed : MSG.articles.storySplitFailed),
    onSettled: () => qc.invalidateQueries({ queryKey: [feedPath(alertId)] }),
  });
}
