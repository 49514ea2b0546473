import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { MSG } from '../../../../common/messages';

interface Props {
  opened: boolean;
  count: number;
  projectId: string;
  saving: boolean;
  onClose: () => void;
  onSave: (tagId: string) => Promise<unknown>;
}

/** Save article(s) to Saved Coverage under a tag of the project (000 §2). */
export function SaveArticlesModal({ opened, count, projectId, saving, onClose, onSave }: Props) {
  const [tagId, setTagId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => closeThenReset(onClose, () => {
    setTagId(null);
    setError(null);
  });

  async function submit() {
    if (!tagId) {
      setError(MSG.articles.tagRequired);
      return;
    }
    await onSave(tagId).catch(() => undefined);
    close();
  }

  return (
    <Modal opened={opened} onClose={close} title={count === 1 ? 'Save article' : `Save ${count} articles`} size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {count === 1 ? 'The article is' : 'The articles are'} added to this project&apos;s Saved Coverage under the tag you choose.
        </Text>
        <TagPicker
          projectId={projectId}
          value={tagId}
          onChange={(v) => {
            setTagId(v);
            setError(null);
          }}
          error={error}
          required
        />
        <FormModalActions onCancel={close} submitLabel="Save" onSubmit={submit} loading={saving} />
      </Stack>
    </Modal>
  );
}
