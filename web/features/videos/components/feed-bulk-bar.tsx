import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useActiveTags } from '../../../components/tag-picker';

export type FeedBulkAction = 'save' | 'delete';

const ACTIONS: { value: FeedBulkAction; label: string }[] = [
  { value: 'save', label: 'Move to Saved Coverage' },
  { value: 'delete', label: 'Delete from feed' },
];

interface Props {
  projectId: string;
  busy?: boolean;
  onApply: (action: FeedBulkAction, tagId: string | null) => void;
}

/**
 * The bulk bar of checked feed videos (000 §2): move them to saved coverage under one of the
 * project's active tags, or delete them from the feed; nothing happens before Apply. Without a
 * tag yet, Apply leaves `tagId` null and the page asks for one (with "Create tag").
 */
export function FeedBulkBar({ projectId, busy, onApply }: Props) {
  const [action, setAction] = useState<FeedBulkAction | null>(null);
  const [tagId, setTagId] = useState<string | null>(null);
  const tags = useActiveTags(projectId);
  // A project without active tags: Apply opens the save dialog, where a tag can be created.
  const noTags = tags.data !== undefined && tags.data.length === 0;
  const ready = action === 'delete' || (action === 'save' && (tagId !== null || noTags));
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label="Bulk action"
        placeholder="Select an action"
        size="xs"
        w={200}
        data={ACTIONS}
        value={action}
        onChange={(v) => setAction(v as FeedBulkAction | null)}
        comboboxProps={{ withinPortal: true }}
      />
      {action === 'save' && !noTags && (
        <Select
          aria-label="Tag"
          placeholder={tags.data?.length === 0 ? 'No active tag' : 'Choose a tag'}
          size="xs"
          w={170}
          searchable
          data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={tagId}
          onChange={setTagId}
          nothingFoundMessage={tags.isPending ? 'Loading tags…' : 'No tag found'}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Button size="xs" disabled={!ready} loading={busy} onClick={() => action && onApply(action, tagId)}>
        Apply
      </Button>
    </Group>
  );
}
