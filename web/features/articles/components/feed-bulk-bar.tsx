import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';

export type BulkAction = 'save' | 'export' | 'delete' | 'merge';

const ACTIONS: { value: BulkAction; label: string }[] = [
  { value: 'save', label: 'Save to Saved Coverage' },
  { value: 'export', label: 'Export as CSV' },
  { value: 'merge', label: 'Merge into one story' },
  { value: 'delete', label: 'Delete from feed' },
];

/** The bulk bar of checked feed rows (000 §2): choose save, export, merge their stories (issue 32) or delete, then Apply. */
export function FeedBulkBar({ onApply, busy }: { onApply: (action: BulkAction) => void; busy?: boolean }) {
  const [action, setAction] = useState<BulkAction | null>(null);
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Bulk action"
        placeholder="Select an action"
        size="xs"
        w={200}
        data={ACTIONS}
        value={action}
        onChange={(v) => setAction(v as BulkAction | null)}
        comboboxProps={{ withinPortal: true }}
      />
      <Button size="xs" disabled={!action} loading={busy} onClick={() => action && onApply(action)}>
        Apply
      </Button>
    </Group>
  );
}
