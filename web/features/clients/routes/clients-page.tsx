import { useMemo, useState } from 'react';
import { Avatar, Group, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { BRANDS_PATH, useSetBrandLocked, type Brand, type BrandAttributes } from '../api/clients';
import { BrandFormModal } from '../components/client-form-modal';

const col = createColumnHelper<Row<BrandAttributes>>();

/** /brands/{projectId}: the organization's brands (clients), archived ones under the toggle. */
export function BrandsPage() {
  const [modal, setModal] = useState<{ opened: boolean; brand: Brand | null }>({ opened: false, brand: null });
  const setLocked = useSetBrandLocked();

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Brand',
        meta: { sortField: 'name', primary: true },
        cell: ({ row }) => (
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={row.original.avatar} radius="md" size={34} color="brand" alt="">
              {row.original.name[0]?.toUpperCase()}
            </Avatar>
            <Text fw={600} size="sm" dir="auto" miw={0}>
              {row.original.name}
            </Text>
          </Group>
        ),
      }),
      col.accessor('inserted-at', { header: 'Created', meta: { sortField: 'inserted_at', width: 180 }, cell: (c) => formatDate(c.getValue()) }),
    ],
    [],
  );

  const rowActions = (brand: Brand): RowAction[] => [
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setModal({ opened: true, brand }) },
    brand.locked
      ? { label: 'Re-activate', icon: <IconArchiveOff size={16} />, onClick: () => setLocked.mutate({ id: brand.id, locked: false }) }
      : { label: 'Archive', icon: <IconArchive size={16} />, color: 'red', divider: true, onClick: () => setLocked.mutate({ id: brand.id, locked: true }) },
  ];

  return (
    <>
      <PageHeader title="Brands" description="The brands (clients) your projects belong to." />
      <DataTable<BrandAttributes>
        path={BRANDS_PATH}
        columns={columns}
        defaultSort="name"
        archivable
        selectable
        exportName="brands"
        searchPlaceholder="Search brands"
        createLabel="New brand"
        onCreate={() => setModal({ opened: true, brand: null })}
        rowActions={rowActions}
        rowLabel={(b) => b.name}
      />
      <BrandFormModal
        key={modal.brand ? `${modal.brand.id}-${modal.brand['updated-at']}` : 'new'}
        opened={modal.opened}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
        brand={modal.brand}
      />
    </>
  );
}
