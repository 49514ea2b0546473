import { useState } from 'react';
import { Group, Switch, Text } from '@mantine/core';
import { toastError } from '../../../components/toasts';
import { formatDate } from '../../../lib/dates';
import { useSetTagHighlight, type Tag } from '../api/tags';

/** The highlight of a tag row: flips at once, saved on success, reverted on failure. */
export function HighlightSwitch({ tag }: { tag: Tag }) {
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const mutation = useSetTagHighlight();
  const checked = optimistic ?? tag['has-highlight'];

  function toggle(on: boolean) {
    setOptimistic(on);
    mutation.mutate(
      { tag, on },
      {
        onSettled: () => setOptimistic(null),
        onError: (err) => toastError(err),
      },
    );
  }

  return (
    <Group gap="sm" wrap="nowrap">
      <Switch
        size="sm"
        aria-label={`Highlight ${tag.name}`}
        checked={checked}
        disabled={mutation.isPending || tag.locked}
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
      <Text size="sm" c={checked ? undefined : 'dimmed'}>
        {checked ? formatDate(tag['highlight-date'] ?? new Date().toISOString()) : 'Off'}
      </Text>
    </Group>
  );
}
