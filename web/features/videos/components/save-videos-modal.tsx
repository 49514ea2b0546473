import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';

interface Props {
  opened: boolean;
  count: number;
  projectId: string;
  saving: boolean;
  onClose: () => void;
  onSave: (tagId: string) => Promise<unknown>;
}

/** Save feed video(s) to the project's saved coverage under a tag (row menu Save). */
export function SaveVideosModal({ opened, count, projectId, saving, onClose, onSave }: Props) {
  const [tagId, setTagId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () =>
    closeThenReset(onClose, () => {
      setTagId(null);
      setError(null);
    });

  async function submit() {
    if (!tagId) {
      setError(MSG.articles.tagRequired);
      return;
    }
    try {
      await onSave(tagId);
      close();
    } catch {
      // the toast says why; the dialog stays open to retry
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={count === 1 ? 'Save video' : `Save ${count} videos`} size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {count === 1 ? 'The video is' : 'The videos are'} added to this project&apos;s Saved Coverage under the tag you choose.
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
