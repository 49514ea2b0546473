import { useCallback, useMemo, useState } from 'react';
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { IconShieldUp, IconUserMinus } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { formatDate } from '../../../lib/dates';
import { membersPath, roleLabel, useMemberAction, type Member, type MemberAction, type MemberAttributes } from '../api/organization';
import { MemberActionModal } from './member-action-modal';
import { initials } from '../../../lib/initials';

const col = createColumnHelper<Row<MemberAttributes>>();

const memberLabel = (m: Member) => m.name;

const ROLE_COLOR = { Admin: 'brand', User: 'gray', Kicked: 'red' } as const;

export interface MembersTableProps {
  orgId: string;
  organizationName: string;
  /** The signed-in user: they cannot remove themself. */
  currentUserId: string;
  admin: boolean;
}

/** The organization's members with search, CSV export, paging, and Remove / Promote behind a confirmation. */
export function MembersTable({ orgId, organizationName, currentUserId, admin }: MembersTableProps) {
  const [pending, setPending] = useState<{ member: Member; action: MemberAction } | null>(null);
  const memberAction = useMemberAction(orgId);

  const columns = useMemo(
    () => [
      col.display({
        id: 'avatar',
        header: '',
        meta: { width: 56, label: false, priority: 2 },
        cell: ({ row }) => (
          <Avatar src={row.original.avatar} radius="xl" size={34} color="brand" alt="">
            {initials(row.original.name)}
          </Avatar>
        ),
      }),
      col.accessor('name', {
        header: 'Name',
        meta: { sortField: 'name', primary: true },
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fw={600} size="sm" dir="auto" miw={0}>
              {row.original.name}
            </Text>
            {row.original.id === currentUserId && (
              <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                You
              </Badge>
            )}
          </Group>
        ),
      }),
      col.accessor('email', {
        header: 'Email',
        meta: { sortField: 'email', width: 280 },
        cell: (c) => (
          <Text size="sm" truncate="end" title={c.getValue()} dir="ltr" style={{ display: 'inline-block', maxWidth: '100%', verticalAlign: 'middle' }}>
            {c.getValue()}
          </Text>
        ),
      }),
      col.accessor('role-id', {
        header: 'Role',
        meta: { sortField: 'role_id', width: 120 },
        cell: (c) => {
          const label = roleLabel(c.getValue());
          return (
            <Badge variant="light" color={ROLE_COLOR[label]}>
              {label}
            </Badge>
          );
        },
      }),
      col.accessor('inserted-at', { header: 'Joined', meta: { sortField: 'inserted_at', width: 150, priority: 2 }, cell: (c) => formatDate(c.getValue()) }),
    ],
    [currentUserId],
  );

  // Stable between renders: the table rebuilds its action column (and closes an open menu) when this changes.
  const rowActions = useCallback(
    (member: Member): RowAction[] => {
      const role = roleLabel(member['role-id']);
      const actions: RowAction[] = [];
      if (admin && role === 'User') {
        actions.push({ label: 'Promote to Admin', icon: <IconShieldUp size={16} />, onClick: () => setPending({ member, action: 'promote' }) });
      }
      if (admin && role !== 'Kicked' && member.id !== currentUserId) {
        actions.push({
          label: 'Remove from Organization',
          icon: <IconUserMinus size={16} />,
          color: 'red',
          divider: actions.length > 0,
          onClick: () => setPending({ member, action: 'kick' }),
        });
      }
      return actions;
    },
    [admin, currentUserId],
  );

  async function confirm() {
    if (!pending) return;
    try {
      await memberAction.mutateAsync(pending);
    } catch {
      // The hook shows the server's detail in a toast.
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <DataTable<MemberAttributes>
        path={membersPath(orgId)}
        columns={columns}
        defaultSort="name"
        exportName="members"
        searchPlaceholder="Search members"
        rowActions={rowActions}
        rowLabel={memberLabel}
      />
      <MemberActionModal
        pending={pending}
        organizationName={organizationName}
        loading={memberAction.isPending}
        onConfirm={confirm}
        onClose={() => !memberAction.isPending && setPending(null)}
      />
    </>
  );
}
