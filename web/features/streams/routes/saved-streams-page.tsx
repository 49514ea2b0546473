import { Badge, Button } from '@mantine/core';
import { IconEye, IconFilter, IconFilterOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { RowAction } from '../../../components/data-table/row-actions';
import { MediaTable } from '../../../components/media/media-table';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { NO_PROJECT, useProject, type Project } from '../../../lib/workspace';
import { SAVED_STREAMS_PATH, type SavedStream, type SavedStreamAttributes } from '../api/saved-streams';
import { DeleteStreamsModal } from '../components/delete-streams-modal';
import { SavedStreamEditModal } from '../components/saved-stream-edit-modal';
import { SavedStreamNewModal } from '../components/saved-stream-new-modal';
import { StreamDetailModal } from '../components/stream-detail-modal';
import { StreamFiltersModal } from '../components/stream-filters-modal';
import { useSavedStreams } from '../components/use-saved-streams';
import { DEFAULT_SORT, EMPTY_STREAM_FILTERS } from '../lib/stream-filters';

const describe = (project: Project | undefined) =>
  project ? `Twitch streams of ${project.name} you kept, filed under tags.` : 'Twitch streams you kept, filed under tags.';

/** /streams/{projectId}: the Twitch streams saved in the project, filed under its tags. */
export function SavedStreamsPage() {
  const { projectId = NO_PROJECT } = useParams();
  const { project } = useProject(projectId);
  if (projectId === NO_PROJECT)
    return (
      <>
        <PageHeader title="Saved Streams" description={describe(undefined)} />
        <NoProjectState />
      </>
    );
  // Keyed by project: another project starts on page 1 with nothing checked and no filters.
  return <SavedStreamsView key={projectId} projectId={projectId} project={project} />;
}

function SavedStreamsView({ projectId, project }: { projectId: string; project: Project | undefined }) {
  const s = useSavedStreams(projectId);
  const rowActions = (row: SavedStream): RowAction[] => [
    { label: 'View', icon: <IconEye size={16} />, onClick: () => s.setViewing(row) },
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => s.edit(row) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => s.askDelete([row.id]) },
  ];
  const toolbar = (
    <>
      <Button
        variant={s.filterCount ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        rightSection={
          s.filterCount ? (
            <Badge size="xs" circle>
              {s.filterCount}
            </Badge>
          ) : undefined
        }
        onClick={s.openFilters}
      >
        Filters
      </Button>
      {s.filterCount > 0 && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => s.setFilters(EMPTY_STREAM_FILTERS)}>
          Clear filters
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={project ? `${project.name} Saved Streams` : 'Saved Streams'}
        description={describe(project)}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => s.setAdding(true)}>
            Add new
          </Button>
        }
      />
      <MediaTable<SavedStreamAttributes>
        path={SAVED_STREAMS_PATH}
        pageSizeParam="sizePerPage"
        defaultSort={DEFAULT_SORT}
        filter={s.filter}
        columns={s.columns}
        searchPlaceholder="Search saved streams"
        exportName="saved-streams"
        selectable
        selectionActions={(rows, clear) => (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={() =>
              s.askDelete(
                rows.map((r) => r.id),
                clear,
              )
            }
          >
            Delete
          </Button>
        )}
        rowActions={rowActions}
        rowLabel={(row) => row.title}
        toolbarExtra={toolbar}
      />

      <StreamFiltersModal
        key={s.filtersKey}
        opened={s.filtersOpen}
        variant="saved"
        projectId={projectId}
        filters={s.filters}
        onClose={s.closeFilters}
        onApply={s.setFilters}
      />
      <StreamDetailModal
        stream={s.viewing && { ...s.viewing, kind: 'video', profile_image_url: null, viewers_path: `saved_streams/${s.viewing.id}/viewers` }}
        onClose={() => s.setViewing(null)}
      />
      <SavedStreamNewModal opened={s.adding} onClose={() => s.setAdding(false)} projectId={projectId} />
      <SavedStreamEditModal
        key={s.editing.stream ? `${s.editing.stream.id}-${s.editing.stream['updated-at']}` : 'none'}
        opened={s.editing.opened}
        onClose={s.closeEdit}
        projectId={projectId}
        stream={s.editing.stream}
      />
      <DeleteStreamsModal
        opened={s.deleteOpen}
        from="saved"
        count={s.deleting?.ids.length ?? 0}
        deleting={s.del.isPending}
        onClose={s.closeDelete}
        onConfirm={s.confirmDelete}
      />
    </>
  );
}
