import { useMemo, useState } from 'react';
import { Badge, Button, Center, Group, Loader } from '@mantine/core';
import { IconEye, IconFilter, IconFilterOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import type { RowAction } from '../../../components/data-table/row-actions';
import { MediaTable } from '../../../components/media/media-table';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { toastError, toastSuccess } from '../../../components/toasts';
import { useProject, type Project } from '../../../lib/workspace';
import { SAVED_DEFAULT_SORT, SAVED_VIDEOS_PATH, useDeleteSavedVideos, type SavedVideo, type SavedVideoAttributes } from '../api/saved-videos';
import { AddVideoModal } from '../components/add-video-modal';
import { EditVideoModal } from '../components/edit-video-modal';
import { savedColumns } from '../components/saved-columns';
import { SavedFiltersModal } from '../components/saved-filters-modal';
import { VideoDetailModal, type VideoDetail } from '../components/video-detail-modal';
import { EMPTY_SAVED_FILTERS, countFilters, savedFilterQuery, type SavedVideoFilters } from '../lib/video-filters';

interface Pending {
  ids: string[];
  clear?: () => void;
}

const detailOf = (v: SavedVideo): VideoDetail => ({
  title: v.title,
  youtubeVideoId: v.youtube_video_id,
  publishedAt: v.published_at,
  description: v.description,
  country: v.channel_country,
  language: v.channel_language,
  channelTitle: v.channel_title,
  channelThumbnail: v.channel_thumbnail,
  subscribers: v.channel_subscribers,
  tag: v.tag,
  // The detail shows YouTube's latest count; the table keeps the saved (editable) one first.
  views: v.current_views ?? v.views,
  statsRefreshedAt: v.stats_refreshed_at,
  removedAt: v.removed_at,
});

/** /videos/{projectId}: the project's saved videos. */
export function SavedVideosPage() {
  const { projectId } = useParams();
  const { project, isPending } = useProject(projectId);
  if (isPending)
    return (
      <Center mih={300}>
        <Loader type="dots" />
      </Center>
    );
  if (!project)
    return (
      <>
        <PageHeader title="Saved Videos" description="YouTube videos you kept for this project." />
        <NoProjectState />
      </>
    );
  // Keyed by project: another project starts on page 1 with nothing checked and no filters.
  return <SavedVideos key={project.id} project={project} />;
}

function SavedVideos({ project }: { project: Project }) {
  const [filters, setFilters] = useState<SavedVideoFilters>(EMPTY_SAVED_FILTERS);
  const [filtersKey, setFiltersKey] = useState(0);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<VideoDetail | null>(null);
  const [editing, setEditing] = useState<SavedVideo | null>(null);
  const [deleting, setDeleting] = useState<Pending | null>(null);
  const remove = useDeleteSavedVideos();

  const filter = useMemo(() => ({ project_id: project.id, ...savedFilterQuery(filters) }), [project.id, filters]);
  const columns = useMemo(() => savedColumns((v) => setViewing(detailOf(v))), []);
  const filterCount = countFilters(filters);

  async function deleteIds(p: Pending) {
    try {
      const answer = await remove.mutateAsync(p.ids);
      toastSuccess(MSG.videos.deletedCount(answer.success));
      p.clear?.();
    } catch (err) {
      toastError(undefined, MSG.videos.deleteFailed);
      throw err;
    }
  }

  const rowActions = (v: SavedVideo): RowAction[] => [
    { label: 'View', icon: <IconEye size={16} />, onClick: () => setViewing(detailOf(v)) },
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setEditing(v) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => setDeleting({ ids: [v.id] }) },
  ];

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
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setFilters(EMPTY_SAVED_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );

  return (
    <>
      <PageHeader
        title={`${project.name} Saved Videos`}
        description="YouTube videos you kept for this project, with their tags."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add new
          </Button>
        }
      />
      <MediaTable<SavedVideoAttributes>
        path={SAVED_VIDEOS_PATH}
        pageSizeParam="sizePerPage"
        filter={filter}
        columns={columns}
        defaultSort={SAVED_DEFAULT_SORT}
        searchPlaceholder="Search saved videos"
        selectable
        selectionActions={(rows, clear) => (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={() => setDeleting({ ids: rows.map((r) => r.id), clear })}
          >
            Delete
          </Button>
        )}
        rowActions={rowActions}
        rowLabel={(v) => v.title}
        toolbarExtra={toolbar}
      />

      <SavedFiltersModal
        key={filtersKey}
        opened={filtersOpen}
        projectId={project.id}
        filters={filters}
        onClose={() => setFiltersOpen(false)}
        onApply={setFilters}
      />
      <AddVideoModal opened={adding} onClose={() => setAdding(false)} projectId={project.id} />
      <EditVideoModal key={editing?.id ?? 'none'} video={editing} projectId={project.id} onClose={() => setEditing(null)} />
      <VideoDetailModal video={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteModal item={deleting} title="Delete saved videos" pending={remove.isPending} onConfirm={deleteIds} onClose={() => setDeleting(null)}>
        {(p) =>
          (p?.ids.length ?? 0) === 1
            ? 'Delete this video from Saved Coverage? Reports that show it will no longer list it.'
            : `Delete ${p?.ids.length ?? 0} videos from Saved Coverage? Reports that show them will no longer list them.`
        }
      </ConfirmDeleteModal>
    </>
  );
}
