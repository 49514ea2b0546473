import { Button, Group, Select, Tooltip } from '@mantine/core';
import { IconBellRinging, IconPlus } from '@tabler/icons-react';
import type { Alert } from '../api/alerts';

interface Props {
  /** The project's alerts, oldest first. */
  alerts: Alert[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Why the project cannot take another alert (its plan), or null. */
  addBlockedReason: string | null;
  onAdd: () => void;
}

/**
 * The alert area of the articles feed's header (issue 27, the Agency plan's "multiple alerts"):
 * with several alerts, a selector naming the one whose articles are listed; and "Add another
 * alert", disabled with the plan's reason where the plan allows no more (as "New project" is).
 */
export function ProjectAlertsBar({ alerts, selectedId, onSelect, addBlockedReason, onAdd }: Props) {
  return (
    <Group gap="sm" wrap="wrap">
      {alerts.length > 1 && (
        <Select
          aria-label="Alert"
          leftSection={<IconBellRinging size={16} aria-hidden />}
          data={alerts.map((a) => ({ value: a.id, label: a.name }))}
          value={selectedId}
          onChange={(id) => id && onSelect(id)}
          allowDeselect={false}
          w={280}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Tooltip label={addBlockedReason} disabled={!addBlockedReason} multiline w={280} withArrow>
        {/* a disabled button gets no pointer events: the wrapper keeps the tooltip working */}
        <span>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={!!addBlockedReason}>
            Add another alert
          </Button>
        </span>
      </Tooltip>
    </Group>
  );
}
