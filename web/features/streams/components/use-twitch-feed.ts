import { useCallback, useMemo, useState } from 'react';
import { TIMINGS } from '../../../../common/limits';
import { useCan } from '../../../lib/can';
import { twitchFeedListPath, useRefreshTwitchFeed, useStreamsBulk, useTwitchFeedInfo, type TwitchFeedItem } from '../api/twitch-feed';
import { EMPTY_STREAM_FILTERS, countStreamFilters, streamFilterQuery, type StreamFilters } from '../lib/stream-filters';
import { feedColumns } from './feed-columns';
import type { StreamBulkAction } from './feed-toolbar';

/** Items waiting for a save or delete confirmation, and how to clear the checked rows after it. */
export interface Pending {
  kind: StreamBulkAction;
  ids: string[];
  clear?: () => void;
}

/** The state of a project's stream feed: the feed, filters, dialogs, bulk actions and refresh. */
export function useTwitchFeed(feedId: string) {
  // Refreshing the feed on demand is the platform operator's ("Get streams only organization 1").
  const operator = useCan('twitch.refresh');
  const info = useTwitchFeedInfo(feedId);
  const bulk = useStreamsBulk(feedId);
  const refresh = useRefreshTwitchFeed(feedId, TIMINGS.refreshRefetchMs);
  const [filters, setFilters] = useState<StreamFilters>(EMPTY_STREAM_FILTERS);
  // Each opening mounts a fresh filters form (new key) that starts from the filters in force.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersKey, setFiltersKey] = useState(0);
  const [editing, setEditing] = useState(false);
  // The detail modal also loads the stream's viewers over time (viewers_path).
  const [detail, setDetailItem] = useState<(TwitchFeedItem & { viewers_path: string }) | null>(null);
  const setDetail = useCallback(
    (item: TwitchFeedItem | null) => setDetailItem(item && { ...item, viewers_path: `${twitchFeedListPath(feedId)}/viewers/${item.id}` }),
    [feedId],
  );
  const [pending, setPending] = useState<Pending | null>(null);
  // Kept apart from `pending` so that a closing dialog keeps its title while it fades out.
  const [dialog, setDialog] = useState<StreamBulkAction | null>(null);
  const ask = (p: Pending) => {
    setPending(p);
    setDialog(p.kind);
  };

  const filter = useMemo(() => streamFilterQuery(filters), [filters]);
  const columns = useMemo(() => feedColumns(setDetail), [setDetail]);

  async function confirm(req: { kind: 'save'; tagId: string } | { kind: 'delete' }) {
    if (!pending) return;
    await bulk.mutateAsync(req.kind === 'save' ? { kind: 'save', ids: pending.ids, tagId: req.tagId } : { kind: 'delete', ids: pending.ids });
    // After a save or delete the list reloads and the selection clears (000 §4).
    pending.clear?.();
    setDetail(null);
  }

  return {
    operator,
    info,
    bulk,
    refresh,
    path: twitchFeedListPath(feedId),
    filters,
    setFilters,
    filter,
    filterCount: countStreamFilters(filters),
    columns,
    filtersOpen,
    filtersKey,
    openFilters: () => {
      setFiltersKey((k) => k + 1);
      setFiltersOpen(true);
    },
    closeFilters: () => setFiltersOpen(false),
    editing,
    setEditing,
    detail,
    setDetail,
    pending,
    dialog,
    closeDialog: () => setDialog(null),
    ask,
    confirm,
  };
}
