import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { useFeedGates } from '../../../lib/feed-gates';
import { useAlert } from '../../alerts/api/alerts';
import { FEED_DEFAULT_SORT, activeListParams, exportFeedCsv, exportFeedIds, feedPath, useFeedBulk, useStoryEdit, type FeedArticle } from '../api/feed';
import { storyQuery } from '../api/feed-first-page';
import { EMPTY_FILTERS, countFilters, feedFilterQuery, type FeedFilters } from '../lib/feed-filters';
import type { BulkAction } from './feed-bulk-bar';
import { feedColumns } from './feed-columns';

/** Articles waiting for a save or delete confirmation, and how to clear the checked rows after it. */
export interface Pending {
  kind: 'save' | 'delete';
  ids: string[];
  clear?: () => void;
}

/**
 * The state of an alert's articles feed: the alert, the plan gates and the columns they allow,
 * the filters, the open dialogs, and the export, save and delete actions. `initial.editing` opens
 * the alert form from the start (it shows once the alert is loaded); `initial.startDate`/`endDate`
 * and `grouped` are where a link asked the feed to start.
 */
export function useAlertFeed(alertId: string, initial: { editing?: boolean; startDate?: string | null; endDate?: string | null; grouped?: boolean } = {}) {
  const qc = useQueryClient();
  const gates = useFeedGates();
  const alert = useAlert(alertId);
  const bulk = useFeedBulk(alertId);
  const path = feedPath(alertId);
  const [filters, setFilters] = useState<FeedFilters>(() =>
    initial.startDate && initial.endDate ? { ...EMPTY_FILTERS, startDate: initial.startDate, endDate: initial.endDate } : EMPTY_FILTERS,
  );
  // Each opening mounts a fresh filters form (new key) that starts from the filters in force.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersKey, setFiltersKey] = useState(0);
  const [editing, setEditing] = useState(initial.editing ?? false);
  const [preview, setPreview] = useState<FeedArticle | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // Kept apart from `pending` so that a closing dialog keeps its title while it fades out.
  const [dialog, setDialog] = useState<Pending['kind'] | null>(null);
  const ask = (p: Pending) => {
    setPending(p);
    setDialog(p.kind);
  };
  const [exporting, setExporting] = useState(false);
  const storyEdit = useStoryEdit(alertId);
  // Stories (issue 32): copies of one story are one row ("+11 outlets") unless the reader turns it
  // off; a row's copies open as a list of their own.
  const [grouped, setGrouped] = useState(initial.grouped ?? true);
  const [story, setStory] = useState<FeedArticle | null>(null);

  const filter = useMemo(
    () => ({ ...feedFilterQuery(filters, gates.regional), ...storyQuery({ grouped, storyId: story ? (story.story_id ?? story.id) : null }) }),
    [filters, gates.regional, grouped, story],
  );
  const columns = useMemo(
    () =>
      feedColumns({ operator: gates.operator, umv: gates.umv, headlineTools: gates.headlineTools }, grouped && !story ? { onOpenStory: setStory } : undefined),
    [gates.operator, gates.umv, gates.headlineTools, grouped, story],
  );
  const filterCount = countFilters(filters);

  function openFilters() {
    setFiltersKey((k) => k + 1);
    setFiltersOpen(true);
  }

  async function runExport(run: () => Promise<void>) {
    setExporting(true);
    try {
      await run();
      toastSuccess(MSG.exports.ready);
    } catch (err) {
      toastError(err, MSG.exports.failure);
    } finally {
      setExporting(false);
    }
  }

  function exportCurrent() {
    const shown = activeListParams(qc, path);
    return runExport(() => exportFeedCsv(alertId, { sort: shown?.sort ?? FEED_DEFAULT_SORT, search: shown?.search, filter }));
  }

  function applyBulk(action: BulkAction, rows: FeedArticle[], clear: () => void) {
    const ids = rows.map((r) => r.id);
    if (action === 'export') void runExport(() => exportFeedIds(alertId, ids));
    else if (action === 'merge') mergeStories(rows, clear);
    else ask({ kind: action, ids, clear });
  }

  /** The checked rows' stories become one (the first checked row's). */
  function mergeStories(rows: FeedArticle[], clear: () => void) {
    const storyIds = [...new Set(rows.map((r) => r.story_id ?? r.id))];
    if (storyIds.length < 2) return toastWarning(MSG.articles.storiesAlreadyOne);
    storyEdit.mutate({ kind: 'merge', storyIds }, { onSuccess: clear });
  }

  function splitStory(a: FeedArticle) {
    storyEdit.mutate({ kind: 'split', articleId: a.id });
  }

  async function confirm(req: { kind: 'save'; tagId: string } | { kind: 'delete' }) {
    if (!pending) return;
    await bulk.mutateAsync(req.kind === 'save' ? { kind: 'save', ids: pending.ids, tagId: req.tagId } : { kind: 'delete', ids: pending.ids });
    // After a save or delete in the feed the list reloads and the selection clears (000 §4).
    pending.clear?.();
    setPreview(null);
  }

  return {
    gates,
    alert,
    bulk,
    path,
    filters,
    setFilters,
    filter,
    filterCount,
    columns,
    filtersOpen,
    filtersKey,
    openFilters,
    closeFilters: () => setFiltersOpen(false),
    editing,
    setEditing,
    preview,
    setPreview,
    pending,
    dialog,
    closeDialog: () => setDialog(null),
    ask,
    exporting,
    exportCurrent,
    applyBulk,
    confirm,
    grouped,
    setGrouped,
    story,
    openStory: setStory,
    closeStory: () => setStory(null),
    splitStory,
    storyBusy: storyEdit.isPending,
  };
}
