import { useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconCalendarPlus, IconReplace } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { OPERATOR_ORGANIZATIONS_PATH, type OperatorOrganization, type OperatorOrganizationAttributes } from '../api/organizations';
import { ChangePlanModal } from '../components/change-plan-modal';
import { ExtendTrialModal } from '../components/extend-trial-modal';
import { KeyDate, PlanBadge, StatusBadge, UsageMeter } from '../components/organization-cells';

const col = createColumnHelper<Row<OperatorOrganizationAttributes>>();

type Dialog = { kind: 'plan' | 'trial'; organization: OperatorOrganization } | null;

/**
 * /operator/organizations: the platform operator's Organizations screen (its admins only; the
 * guards send everybody else to 404). Every organization with its plan, status, trial end and
 * usage against its limits; change a plan, extend a trial.
 */
export function OperatorOrganizationsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Organization',
        meta: { sortField: 'name', primary: true },
        cell: ({ row }) => (
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate="end" title={row.original.name}>
              {row.original.name}
            </Text>
            <Text size="xs" c="dimmed">
              Created {formatDate(row.original.inserted_at)}
            </Text>
          </Stack>
        ),
      }),
      col.accessor('plan', { header: 'Plan', meta: { sortField: 'plan', width: 96 }, cell: ({ row }) => <PlanBadge o={row.original} /> }),
      col.display({ id: 'status', header: 'Status', meta: { width: 172 }, cell: ({ row }) => <StatusBadge o={row.original} /> }),
      col.display({
        id: 'trial_ends_at',
        header: 'Ends / renews',
        meta: { sortField: 'trial_ends_at', width: 162 },
        cell: ({ row }) => <KeyDate o={row.original} />,
      }),
      col.display({
        id: 'projects',
        header: 'Projects',
        meta: { width: 144 },
        cell: ({ row }) => <UsageMeter {...row.original.usage.projects} noun="projects" />,
      }),
      col.display({
        id: 'reports',
        header: 'Reports',
        meta: { width: 144, priority: 2 },
        cell: ({ row }) => <UsageMeter {...row.original.usage.reports} noun="reports" />,
      }),
      col.accessor('members', { header: 'Members', meta: { width: 100, align: 'right', priority: 2 }, cell: (c) => c.getValue().toLocaleString('en') }),
    ],
    [],
  );

  const rowActions = (o: OperatorOrganization): RowAction[] =>
    // The platform operator's own organization keeps its plan (the server refuses it too).
    o.platform_operator
      ? []
      : [
          { label: 'Change plan…', icon: <IconReplace size={16} />, onClick: () => setDialog({ kind: 'plan', organization: o }) },
          { label: 'Extend trial…', icon: <IconCalendarPlus size={16} />, onClick: () => setDialog({ kind: 'trial', organization: o }) },
        ];

  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Organizations"
        description="Every organization on this installation: its plan, where its trial or subscription stands, and its usage against the plan's limits."
        icon={<IconBuildingSkyscraper size={26} />}
      />
      <DataTable<OperatorOrganizationAttributes>
        path={OPERATOR_ORGANIZATIONS_PATH}
        columns={columns}
        defaultSort="name"
        defaultPageSize={25}
        pageSizeOptions={[12, 25, 50, 100]}
        searchPlaceholder="Search organizations"
        rowActions={rowActions}
        rowLabel={(o) => o.name}
      />
      {dialog?.kind === 'plan' && <ChangePlanModal key={dialog.organization.id} organization={dialog.organization} onClose={close} />}
      {dialog?.kind === 'trial' && <ExtendTrialModal key={dialog.organization.id} organization={dialog.organization} onClose={close} />}
    </>
  );
}
