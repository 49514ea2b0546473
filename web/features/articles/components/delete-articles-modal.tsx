import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  count: number;
  deleting: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}

/** The delete confirmation of the feed: removed articles leave the feed and are never matched again. */
export function DeleteArticlesModal({ opened, count, deleting, onClose, onConfirm }: Props) {
  async function confirm() {
    await onConfirm().catch(() => undefined);
    onClose();
  }
  return (
    <Modal opened={opened} onClose={onClose} title={count === 1 ? 'Delete article' : `Delete ${count} articles`} size="md">
      <Stack gap="md">
        <Text size="sm">
          {count === 1 ? 'This article is' : `These ${count} articles are`} removed from the alert&apos;s feed and will not be matched again. Saved Coverage is
          not affected.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
