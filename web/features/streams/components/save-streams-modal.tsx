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

/** Save stream(s) of the feed to Saved Coverage under a tag of the project. */
export function SaveStreamsModal({ opened, count, projectId, saving, onClose, onSave }: Props) {
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
    await onSave(tagId).catch(() => undefined);
    close();
  }

  return (
    <Modal opened={opened} onClose={close} title={count === 1 ? 'Save stream' : `Save ${count} streams`} size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {count === 1 ? 'The stream is' : 'The streams are'} added to this project&apos;s saved streams under the tag you choose.
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
