import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { RowActions, type RowAction } from '../../../components/data-table/row-actions';
import { TableToolbar } from '../../../components/data-table/table-toolbar';
import { formatDate } from '../../../lib/dates';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { useReports } from '../api/reports';
import type { Report } from '../api/types';
import { LocalTable } from '../components/local-table';
import { DeleteReportModal, RenameReportModal } from '../components/rename-report-modal';
import { formatNumber, formatPeriod } from '../lib/format';
import { possessive } from '../../../lib/text';

const col = createColumnHelper<Report>();

/** /reports/{projectId}: the project's reports; New report goes to /new-report/{projectId}. */
export function ReportsPage() {
  const { projectId = NO_PROJECT } = useParams();
  const navigate = useNavigate();
  const { project } = useProject(projectId);
  const noProject = projectId === NO_PROJECT;
  const reports = useReports(projectId);
  const [renaming, setRenaming] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Title',
        meta: { primary: true },
        cell: ({ row }) => (
          <Anchor component={Link} to={`/reports/${projectId}/${row.original.id}`} fw={600} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {row.original.name}
          </Anchor>
        ),
      }),
      col.accessor('date_end', {
        header: 'Period',
        meta: { width: 210 },
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatPeriod(row.original.date_start, row.original.date_end)}
          </Text>
        ),
      }),
      col.accessor('total-articles', { header: 'Articles', meta: { width: 112, align: 'right' }, cell: (c) => formatNumber(c.getValue()) }),
      // `total-reach` is a sum of 0.1–10 media scores: the list shows their average, as the report's cards do.
      col.accessor((r) => (r['total-articles'] ? r['total-reach'] / r['total-articles'] : 0), {
        id: 'average-score',
        header: 'Avg. score',
        meta: { width: 134, align: 'right', priority: 2 },
        cell: (c) => (c.getValue() ? formatNumber(c.getValue(), 1) : '–'),
      }),
      col.accessor('reports-images', {
        header: 'Highlights',
        meta: { width: 124, align: 'center', priority: 3 },
        cell: (c) =>
          c.getValue() ? (
            <Badge variant="light" color="yellow" radius="sm" leftSection={<IconPhoto size={12} />}>
              {c.getValue()}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              –
            </Text>
          ),
      }),
      col.accessor('inserted-at', { header: 'Created', meta: { width: 130, priority: 2 }, cell: (c) => formatDate(c.getValue()) }),
    ],
    [projectId],
  );

  const rowActions = (r: Report): RowAction[] => [
    { label: 'View Public Report', icon: <IconExternalLink size={16} />, onClick: () => window.open(`/p/r/${encodeURIComponent(r.id)}`, '_blank', 'noopener') },
    { label: 'Rename report', icon: <IconPencil size={16} />, onClick: () => setRenaming(r) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => setDeleting(r) },
  ];

  const header = (
    <PageHeader
      title="Reports"
      description={
        project ? `Shareable summaries of ${possessive(project.name)} coverage over a period.` : "Shareable summaries of a project's coverage over a period."
      }
    />
  );
  if (noProject)
    return (
      <>
        {header}
        <NoProjectState />
      </>
    );

  return (
    <>
      {header}
      {reports.isError && (
        <Alert color="red" mb="md" title={MSG.somethingWrong}>
          <Group justify="space-between">
            <Text size="sm">{(reports.error as Error).message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => reports.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      <LocalTable<Report>
        rows={reports.data ?? []}
        columns={columns}
        loading={reports.isPending}
        initialSort={[{ id: 'inserted-at', desc: true }]}
        searchText={(r) => r.name}
        toolbar={(search) => (
          <TableToolbar
            searchInput={search.value}
            onSearchChange={search.onChange}
            searchPlaceholder="Search reports"
            createLabel="New report"
            onCreate={() => navigate(`/new-report/${projectId}`)}
            selectedCount={0}
            onClearSelection={() => {}}
          />
        )}
        actionsCell={(r) => <RowActions actions={rowActions(r)} label={r.name} />}
        pageSizeOptions={[12, 25, 50, 100]}
        empty={
          <>
            {MSG.emptyTable}{' '}
            <Anchor component={Link} to={`/new-report/${projectId}`} size="sm">
              Create the first report
            </Anchor>
          </>
        }
      />
      <RenameReportModal key={renaming?.id ?? 'none'} report={renaming} onClose={() => setRenaming(null)} />
      <DeleteReportModal report={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
