import { useMemo, useState } from 'react';
import { Avatar, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconBellCog, IconBellPlus, IconPencil } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { alertFormPath, type AlertFormLinkState } from '../../../lib/links';
import { useCurrentUser } from '../../../lib/session';
import { useAllProjects, type Project, type ProjectAttributes } from '../../../lib/workspace';
import { PROJECTS_PATH, projectLimitReason, useProjectAlerts, useSetProjectLocked } from '../api/projects';
import { AlertCell } from '../components/alert-cell';
import { ProjectFormModal } from '../components/project-form-modal';

const col = createColumnHelper<Row<ProjectAttributes>>();

/** /projects/{projectId}: the organization's projects, archived ones under the toggle. */
export function ProjectsPage() {
  const user = useCurrentUser().data;
  const all = useAllProjects();
  const setLocked = useSetProjectLocked();
  const alerts = useProjectAlerts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [modal, setModal] = useState<{ opened: boolean; project: Project | null }>({ opened: false, project: null });

  const activeCount = (all.data ?? []).filter((p) => !p.locked).length;
  const limitReason = projectLimitReason(user, activeCount);

  const columns = useMemo(
    () => [
      col.display({
        id: 'avatar',
        header: '',
        meta: { width: 56, label: false, priority: 2 },
        cell: ({ row }) => (
          <Avatar src={row.original.avatar} radius="md" size={34} color="brand" alt="">
            {row.original.name[0]?.toUpperCase()}
          </Avatar>
        ),
      }),
      col.accessor((p) => p.client?.name ?? '', {
        id: 'client',
        header: 'Brand',
        meta: { sortField: 'client', width: 260 },
        cell: (c) => (
          <Text size="sm" truncate="end" title={c.getValue() || undefined} dir="auto">
            {c.getValue() || '–'}
          </Text>
        ),
      }),
      col.accessor('name', {
        header: 'Name',
        meta: { sortField: 'name', primary: true },
        cell: (c) => (
          <Text fw={600} size="sm" dir="auto">
            {c.getValue()}
          </Text>
        ),
      }),
      col.display({
        id: 'alert',
        header: 'Alert',
        meta: { width: 220, priority: 2 },
        cell: ({ row }) => (
          <AlertCell
            alertId={row.original['alert-id'] != null ? String(row.original['alert-id']) : null}
            alerts={alerts.data?.[row.original.id]}
            loading={alerts.isPending}
          />
        ),
      }),
      col.accessor('inserted-at', { header: 'Created', meta: { sortField: 'inserted_at', width: 160 }, cell: (c) => formatDate(c.getValue()) }),
    ],
    [alerts.data, alerts.isPending],
  );

  // The alert form lives with the articles feed: open it there, and come back here when it closes.
  const openAlertForm = (project: Project) => navigate(alertFormPath(project.id), { state: { returnTo: pathname } satisfies AlertFormLinkState });

  const rowActions = (project: Project): RowAction[] => [
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setModal({ opened: true, project }) },
    project['alert-id'] != null
      ? { label: 'Edit alert', icon: <IconBellCog size={16} />, onClick: () => openAlertForm(project) }
      : { label: 'Create alert', icon: <IconBellPlus size={16} />, onClick: () => openAlertForm(project) },
    project.locked
      ? {
          label: 'Re-activate',
          icon: <IconArchiveOff size={16} />,
          disabled: limitReason !== null,
          onClick: () => setLocked.mutate({ id: project.id, locked: false }),
        }
      : { label: 'Archive', icon: <IconArchive size={16} />, color: 'red', divider: true, onClick: () => setLocked.mutate({ id: project.id, locked: true }) },
  ];

  return (
    <>
      <PageHeader title="Projects" description="Each project tracks the coverage of one brand." />
      <DataTable<ProjectAttributes>
        path={PROJECTS_PATH}
        columns={columns}
        defaultSort="name"
        archivable
        selectable
        exportName="projects"
        searchPlaceholder="Search projects"
        createLabel="New project"
        onCreate={() => setModal({ opened: true, project: null })}
        createDisabledReason={user ? limitReason : null}
        rowActions={rowActions}
        rowLabel={(p) => p.name}
      />
      <ProjectFormModal
        key={modal.project ? `${modal.project.id}-${modal.project['updated-at']}` : 'new'}
        opened={modal.opened}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
        project={modal.project}
      />
    </>
  );
}
