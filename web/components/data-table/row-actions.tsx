import { useState, type ReactNode } from 'react';
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

/**
 * The "…" menu at the end of a row: Edit, Archive/Re-activate and such. The button is alone until
 * it is first pressed (click, Enter or Space); the menu then mounts open around it. A Mantine Menu
 * runs its Popover's floating-ui hooks and effects at mount, open or not: one per row of every
 * table made a first render of 25 rows a long task. From its first opening on it is Mantine's
 * menu as before (its target takes the focus back when it closes).
 */
export function RowActions({ actions, label }: { actions: RowAction[]; label: string }) {
  const [wanted, setWanted] = useState(false);
  if (actions.length === 0) return null;
  const button = (props: { 'aria-haspopup'?: 'menu'; 'aria-expanded'?: boolean; onClick?: () => void }) => (
    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`} {...props}>
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!wanted) return button({ 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setWanted(true) });
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220} defaultOpened>
      <Menu.Target>{button({})}</Menu.Target>
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
