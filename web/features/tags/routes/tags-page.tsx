import { useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useParams } from 'react-router';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { TAGS_PATH, useSetTagLocked, type Tag, type TagAttributes } from '../api/tags';
import { HighlightSwitch } from '../components/highlight-switch';
import { TagFormModal } from '../components/tag-form-modal';

const col = createColumnHelper<Row<TagAttributes>>();

/** /tags/{projectId}: the tags of the current project, under which coverage is saved. */
export function TagsPage() {
  const { projectId = NO_PROJECT } = useParams();
  const { project } = useProject(projectId);
  const setLocked = useSetTagLocked();
  const [modal, setModal] = useState<{ opened: boolean; tag: Tag | null }>({ opened: false, tag: null });
  const filter = useMemo(() => ({ project_id: projectId }), [projectId]);

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Name',
        meta: { sortField: 'name', primary: true },
        cell: (c) => (
          <Text fw={600} size="sm" dir="auto">
            {c.getValue()}
          </Text>
        ),
      }),
      col.display({ id: 'highlight', header: 'Highlight', meta: { width: 220 }, cell: ({ row }) => <HighlightSwitch tag={row.original} /> }),
      col.accessor('inserted-at', { header: 'Created', meta: { sortField: 'inserted_at', width: 160 }, cell: (c) => formatDate(c.getValue()) }),
    ],
    [],
  );

  const rowActions = (tag: Tag): RowAction[] => [
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setModal({ opened: true, tag }) },
    tag.locked
      ? { label: 'Re-activate', icon: <IconArchiveOff size={16} />, onClick: () => setLocked.mutate({ id: tag.id, locked: false }) }
      : { label: 'Archive', icon: <IconArchive size={16} />, color: 'red', divider: true, onClick: () => setLocked.mutate({ id: tag.id, locked: true }) },
  ];

  const header = (
    <PageHeader title="Tags" description={project ? `Tags of ${project.name}: saved coverage is filed under them.` : 'Saved coverage is filed under tags.'} />
  );
  if (projectId === NO_PROJECT)
    return (
      <>
        {header}
        <NoProjectState />
      </>
    );

  return (
    <>
      {header}
      <DataTable<TagAttributes>
        path={TAGS_PATH}
        filter={filter}
        columns={columns}
        defaultSort="name"
        archivable
        selectable
        exportName="tags"
        searchPlaceholder="Search tags"
        createLabel="New tag"
        onCreate={() => setModal({ opened: true, tag: null })}
        rowActions={rowActions}
        rowLabel={(t) => t.name}
      />
      <TagFormModal
        key={modal.tag ? `${modal.tag.id}-${modal.tag['updated-at']}` : 'new'}
        opened={modal.opened}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
        projectId={projectId}
        tag={modal.tag}
      />
    </>
  );
}
