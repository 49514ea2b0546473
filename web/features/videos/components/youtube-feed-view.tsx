import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconBookmark, IconEye, IconFilter, IconFilterOff, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { TIMINGS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import type { RowAction } from '../../../components/data-table/row-actions';
import { FeedStateBanner } from '../../../components/media/feed-state-banner';
import { MediaTable } from '../../../components/media/media-table';
import type { MediaListMeta } from '../../../components/media/use-media-list';
import { FeedPage } from '../../../components/feed-page';
import { SaveToTagModal } from '../../../components/save-to-tag-modal';
import { toastError, toastSuccess } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { fromNow } from '../../../lib/dates';
import { useFeedGates } from '../../../lib/feed-gates';
import type { Project } from '../../../lib/workspace';
import {
  FEED_DEFAULT_SORT,
  feedVideosPath,
  useDeleteFeedVideos,
  useInvalidateYoutubeFeed,
  useRefreshYoutubeFeed,
  useSaveFeedVideos,
  useYoutubeAvailability,
  useYoutubeFeedInfo,
  type FeedVideo,
  type YoutubeFeedVideoAttributes,
} from '../api/youtube-feed';
import { EMPTY_FEED_FILTERS, countFilters, feedFilterQuery, type FeedVideoFilters } from '../lib/video-filters';
import { announceSave, deleteFailed, saveFailed } from './feed-actions';
import { feedColumns } from './feed-columns';
import { FeedBulkBar } from './feed-bulk-bar';
import { FeedFiltersModal } from './feed-filters-modal';
import { FeedFormModal } from './feed-form-modal';
import { VideoDetailModal, type VideoDetail } from './video-detail-modal';

interface Pending {
  ids: string[];
  clear?: () => void;
}

const detailOf = (v: FeedVideo): VideoDetail & { id: string } => ({
  id: v.id,
  title: v.title,
  youtubeVideoId: v.youtube_video_id,
  publishedAt: v.published_at,
  description: v.description,
  views: v.views,
  country: v.channel.country,
  language: v.language ?? v.channel.language,
  channelTitle: v.channel.title,
  channelThumbnail: v.channel.thumbnail,
  subscribers: v.channel.subscribers,
  saved: v.saved,
  viewsAtFound: v.views_at_found,
  statsRefreshedAt: v.stats_refreshed_at,
  removedAt: v.removed_at,
});

/**
 * A project's YouTube feed (000 §2 "YouTube feed"): the feed's videos with search, sort, filters,
 * paging and bulk save or delete; the video detail modal; Edit feed; and for the platform
 * operator, Get videos. The page mounts it once per project and feed.
 */
export function YoutubeFeedView({ project, feedId }: { project: Project; feedId: string }) {
  const gates = useFeedGates();
  const info = useYoutubeFeedInfo(feedId);
  const availability = useYoutubeAvailability();
  const save = useSaveFeedVideos();
  const remove = useDeleteFeedVideos(feedId);
  const refresh = useRefreshYoutubeFeed(feedId);
  const invalidate = useInvalidateYoutubeFeed();

  const [filters, setFilters] = useState<FeedVideoFilters>(EMPTY_FEED_FILTERS);
  const [filtersKey, setFiltersKey] = useState(0);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState<(VideoDetail & { id: string }) | null>(null);
  const [saving, setSaving] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState<Pending | null>(null);
  const [latestPull, setLatestPull] = useState<string | null>(null);

  const filter = useMemo(() => feedFilterQuery(filters), [filters]);
  const columns = useMemo(() => feedColumns((v) => setViewing(detailOf(v))), []);
  const onMeta = useCallback((m: MediaListMeta) => setLatestPull(m.latest_pull ?? null), []);
  const filterCount = countFilters(filters);
  const feed = info.data;
  const lastRun = feed?.latestPull ?? latestPull;

  async function saveIds(ids: string[], tagId: string, clear?: () => void) {
    try {
      announceSave(await save.mutateAsync({ ids, tagId }));
      clear?.();
    } catch (err) {
      saveFailed(err);
      throw err;
    }
  }

  async function deleteIds(p: Pending) {
    try {
      const answer = await remove.mutateAsync(p.ids);
      toastSuccess(MSG.videos.deletedCount(answer.success));
      p.clear?.();
      setViewing(null);
    } catch (err) {
      deleteFailed(err);
      throw err;
    }
  }

  async function getVideos() {
    try {
      await refresh.mutateAsync();
      toastSuccess(MSG.videos.refreshQueued);
      // The poll runs in the background: look again once it had time to land (001 §9).
      setTimeout(() => void invalidate(), TIMINGS.refreshRefetchMs);
    } catch (err) {
      // Not connected says which variable to set; anything else is the catalogue's refresh error.
      if (err instanceof ApiError && err.code === 'not_connected') toastError(err);
      else toastError(undefined, MSG.videos.refreshFailed);
    }
  }

  const rowActions = (v: FeedVideo): RowAction[] => [
    { label: 'View', icon: <IconEye size={16} />, onClick: () => setViewing(detailOf(v)) },
    { label: 'Save', icon: <IconBookmark size={16} />, disabled: v.saved, onClick: () => setSaving({ ids: [v.id] }) },
    { label: 'Delete video', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => setDeleting({ ids: [v.id] }) },
  ];

  const subtitle = feed ? `Keyword “${feed.keyword}” · ${lastRun ? `last run ${fromNow(lastRun)}` : 'not run yet'}` : ' ';

  const toolbar = (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={
          filterCount ? (
            <Badge size="xs" circle>
              {filterCount}
            </Badge>
          ) : null
        }
        onClick={() => {
          setFiltersKey((k) => k + 1);
          setFiltersOpen(true);
        }}
      >
        Filters
      </Button>
      {filterCount > 0 && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setFilters(EMPTY_FEED_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );

  const actions = (
    <>
      {gates.operator && (
        <Button variant="default" leftSection={<IconRefresh size={16} />} loading={refresh.isPending} onClick={getVideos}>
          Get videos
        </Button>
      )}
      <Button leftSection={<IconPencil size={16} />} disabled={!feed} onClick={() => setEditing(true)}>
        Edit feed
      </Button>
    </>
  );

  const banner = feed && (
    <FeedStateBanner
      platform="youtube"
      state={feed.state}
      lastError={feed.last_error}
      nextCheckAt={feed.next_check_at}
      isEnabled={feed.is_enabled}
      notConnectedReason={availability.data?.available === false ? availability.data.reason : null}
    />
  );

  const table = (
    <MediaTable<YoutubeFeedVideoAttributes>
      path={feedVideosPath(feedId)}
      filter={filter}
      columns={columns}
      defaultSort={FEED_DEFAULT_SORT}
      searchPlaceholder="Search videos"
      selectable
      selectionActions={(rows, clear) => (
        <FeedBulkBar
          projectId={project.id}
          busy={save.isPending || remove.isPending}
          onApply={(action, tagId) => {
            const ids = rows.map((r) => r.id);
            if (action === 'delete') setDeleting({ ids, clear });
            else if (tagId) void saveIds(ids, tagId, clear).catch(() => undefined);
            else setSaving({ ids, clear });
          }}
        />
      )}
      rowActions={rowActions}
      rowLabel={(v) => v.title}
      toolbarExtra={toolbar}
      onMeta={onMeta}
    />
  );

  return (
    <FeedPage title={`${project.name} Videos`} subtitle={subtitle} actions={actions} banner={banner} table={table}>
      <FeedFiltersModal key={filtersKey} opened={filtersOpen} filters={filters} onClose={() => setFiltersOpen(false)} onApply={setFilters} />
      <VideoDetailModal
        video={viewing}
        onClose={() => setViewing(null)}
        projectId={project.id}
        saving={save.isPending}
        onSave={(tagId) => (viewing ? saveIds([viewing.id], tagId) : Promise.resolve())}
      />
      <SaveToTagModal
        opened={saving !== null}
        noun={{ one: 'video', other: 'videos' }}
        count={saving?.ids.length ?? 0}
        projectId={project.id}
        saving={save.isPending}
        onClose={() => setSaving(null)}
        onSave={(tagId) => (saving ? saveIds(saving.ids, tagId, saving.clear) : Promise.resolve())}
      />
      <ConfirmDeleteModal item={deleting} title="Delete from feed" pending={remove.isPending} onConfirm={deleteIds} onClose={() => setDeleting(null)}>
        {(p) =>
          (p?.ids.length ?? 0) === 1
            ? 'Delete this video from the feed? It will not come back with later checks.'
            : `Delete ${p?.ids.length ?? 0} videos from the feed? They will not come back with later checks.`
        }
      </ConfirmDeleteModal>
      {feed && (
        <FeedFormModal
          key={`${feedId}-${feed['updated-at']}`}
          opened={editing}
          onClose={() => setEditing(false)}
          projectId={project.id}
          feed={{ ...feed, id: feedId }}
        />
      )}
    </FeedPage>
  );
}
