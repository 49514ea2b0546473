import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  count: number;
  deleting: boolean;
  /** feed: removed from the feed (never brought back by a poll); saved: removed from saved streams. */
  from: 'feed' | 'saved';
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}

/** Asks before deleting streams from the feed or from the saved streams. */
export function DeleteStreamsModal({ opened, count, deleting, from, onClose, onConfirm }: Props) {
  async function confirm() {
    await onConfirm().catch(() => undefined);
    onClose();
  }
  const what = count === 1 ? 'This stream is' : `These ${count} streams are`;
  return (
    <Modal opened={opened} onClose={onClose} title={count === 1 ? 'Delete stream' : `Delete ${count} streams`} size="md">
      <Stack gap="md">
        <Text size="sm">
          {from === 'feed'
            ? `${what} removed from the feed and will not come back with the next check. Saved streams are not affected.`
            : `${what} removed from the saved streams. Reports that include them will no longer show them.`}
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
