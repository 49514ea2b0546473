import { IconBookmark, IconEye, IconTrash } from '@tabler/icons-react';
import type { RowAction } from '../../../components/data-table/row-actions';
import { FeedStateBanner } from '../../../components/media/feed-state-banner';
import { MediaTable } from '../../../components/media/media-table';
import { FeedPage } from '../../../components/feed-page';
import { SaveToTagModal } from '../../../components/save-to-tag-modal';
import type { Project } from '../../../lib/workspace';
import { useTwitchAvailability, type TwitchFeedItem, type TwitchFeedItemAttributes } from '../api/twitch-feed';
import { DEFAULT_SORT, EMPTY_STREAM_FILTERS } from '../lib/stream-filters';
import { DeleteStreamsModal } from './delete-streams-modal';
import { FeedSubtitle } from './feed-subtitle';
import { FeedBulkBar, FeedToolbar } from './feed-toolbar';
import { StreamDetailModal } from './stream-detail-modal';
import { StreamFiltersModal } from './stream-filters-modal';
import { TwitchFeedFormModal } from './twitch-feed-form-modal';
import { useTwitchFeed } from './use-twitch-feed';

/**
 * The streams of a project's Twitch feed (000 "Twitch feed"). The page mounts it once per
 * project, so choosing another project starts over: page 1, nothing checked, no filters.
 */
export function TwitchFeedView({ project, feedId }: { project: Project; feedId: string }) {
  const f = useTwitchFeed(feedId);
  const availability = useTwitchAvailability();
  const feed = f.info.data;

  const rowActions = (s: TwitchFeedItem): RowAction[] => [
    { label: 'View', icon: <IconEye size={16} />, onClick: () => f.setDetail(s) },
    { label: 'Save', icon: <IconBookmark size={16} />, onClick: () => f.ask({ kind: 'save', ids: [s.id] }) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => f.ask({ kind: 'delete', ids: [s.id] }) },
  ];

  const banner = feed && (
    <FeedStateBanner
      platform="twitch"
      state={feed.state}
      lastError={feed.last_error}
      nextCheckAt={feed.next_check_at}
      isEnabled={feed.is_enabled}
      notConnectedReason={availability.data?.reason}
    />
  );

  const table = (
    <MediaTable<TwitchFeedItemAttributes>
      path={f.path}
      defaultSort={DEFAULT_SORT}
      filter={f.filter}
      columns={f.columns}
      searchPlaceholder="Search streams"
      exportName="twitch-feed"
      selectable
      selectionActions={(rows, clear) => <FeedBulkBar busy={f.bulk.isPending} onApply={(kind) => f.ask({ kind, ids: rows.map((r) => r.id), clear })} />}
      rowActions={rowActions}
      rowLabel={(s) => s.title}
      toolbarExtra={
        <FeedToolbar
          canEdit={!!feed}
          onEdit={() => f.setEditing(true)}
          filterCount={f.filterCount}
          onOpenFilters={f.openFilters}
          onClearFilters={() => f.setFilters(EMPTY_STREAM_FILTERS)}
          onRefresh={f.operator ? () => f.refresh.mutate() : undefined}
          refreshing={f.refresh.isPending}
        />
      }
    />
  );

  return (
    <FeedPage title={`${project.name} Streams`} subtitle={<FeedSubtitle feed={feed} />} banner={banner} table={table}>
      <StreamFiltersModal
        key={f.filtersKey}
        opened={f.filtersOpen}
        variant="feed"
        projectId={project.id}
        filters={f.filters}
        onClose={f.closeFilters}
        onApply={f.setFilters}
      />
      <StreamDetailModal
        stream={f.detail && { ...f.detail, ...f.detail.channel }}
        onClose={() => f.setDetail(null)}
        onSave={() => f.detail && f.ask({ kind: 'save', ids: [f.detail.id] })}
      />
      <SaveToTagModal
        opened={f.dialog === 'save'}
        noun={{ one: 'stream', other: 'streams' }}
        count={f.pending?.ids.length ?? 0}
        projectId={project.id}
        saving={f.bulk.isPending}
        onClose={f.closeDialog}
        onSave={(tagId) => f.confirm({ kind: 'save', tagId })}
      />
      <DeleteStreamsModal
        opened={f.dialog === 'delete'}
        from="feed"
        count={f.pending?.ids.length ?? 0}
        deleting={f.bulk.isPending}
        onClose={f.closeDialog}
        onConfirm={() => f.confirm({ kind: 'delete' })}
      />
      {feed && (
        <TwitchFeedFormModal
          key={`${feed.id}-${feed['updated-at']}`}
          opened={f.editing}
          onClose={() => f.setEditing(false)}
          projectId={project.id}
          feed={feed}
        />
      )}
    </FeedPage>
  );
}
