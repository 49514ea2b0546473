import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LIMITS } from '../../../../common/limits';
import { useDeleteArticle, type SavedArticle } from '../api/saved-articles';
import { truncate } from '../../../lib/text';

/** Asks before deleting a saved article for good (archiving is the reversible way out). */
export function SavedDeleteModal({ article: current, onClose }: { article: SavedArticle | null; onClose: () => void }) {
  const del = useDeleteArticle();
  // Keeps the last article's name on screen while the dialog fades out.
  const [article, setArticle] = useState(current);
  if (current && current !== article) setArticle(current);
  async function confirm() {
    if (!article) return;
    try {
      await del.mutateAsync(article.id);
      onClose();
    } catch {
      // the mutation's onError already showed the toast; the dialog stays open to retry
    }
  }
  return (
    <Modal opened={current !== null} onClose={onClose} title="Delete article" size="md">
      <Stack gap="md">
        <Text size="sm">
          Delete <b>{truncate(article?.title?.trim() || article?.url || '', LIMITS.titleTruncate)}</b> from the saved coverage? Reports that include it
          will no longer show it. Archive it instead to keep it out of sight without losing it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={del.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
