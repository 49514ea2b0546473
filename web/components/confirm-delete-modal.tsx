import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props<T> {
  /** What is being deleted; null closes the dialog. */
  item: T | null;
  title: string;
  /** The question, for the item (kept on screen while the dialog fades out). */
  children: (item: T | null) => ReactNode;
  onConfirm: (item: T) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}

/**
 * Asks before deleting one thing. A failed delete leaves the dialog open to retry (the mutation's
 * onError shows the toast); the last item stays on screen while the dialog fades out.
 */
export function ConfirmDeleteModal<T>({ item: current, title, children, onConfirm, pending, onClose }: Props<T>) {
  const [item, setItem] = useState(current);
  if (current && current !== item) setItem(current);
  async function confirm() {
    if (!item) return;
    try {
      await onConfirm(item);
      onClose();
    } catch {
      // shown by the mutation's onError; the dialog stays open
    }
  }
  return (
    <Modal opened={current !== null} onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <Text size="sm">{children(item)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={pending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
