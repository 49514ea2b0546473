import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export interface RowAction {
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
  /** Shown after a divider (destructive actions go last). */
  divider?: boolean;
}

/** The "…" menu at the end of a row: Edit, Archive/Re-activate and such. */
export function RowActions({ actions, label }: { actions: RowAction[]; label: string }) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => [
          a.divider ? <Menu.Divider key={`${a.label}-divider`} /> : null,
          <Menu.Item key={a.label} leftSection={a.icon} color={a.color} disabled={a.disabled} onClick={a.onClick}>
            {a.label}
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
