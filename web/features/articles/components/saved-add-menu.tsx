import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLink, IconList, IconPlus, IconRss } from '@tabler/icons-react';

export type AddKind = 'new' | 'bulk' | 'feed';

/** "Add article": one link, many links, or articles the project's alert found. */
export function SavedAddMenu({ onPick, feedDisabledReason }: { onPick: (kind: AddKind) => void; feedDisabledReason?: string | null }) {
  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          Add article
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLink size={16} />} onClick={() => onPick('new')}>
          New article
        </Menu.Item>
        <Menu.Item leftSection={<IconList size={16} />} onClick={() => onPick('bulk')}>
          Bulk import
        </Menu.Item>
        <Menu.Item leftSection={<IconRss size={16} />} onClick={() => onPick('feed')} disabled={!!feedDisabledReason}>
          Import from feed
          {feedDisabledReason && (
            <Text size="xs" c="dimmed" mt={2}>
              {feedDisabledReason}
            </Text>
          )}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
