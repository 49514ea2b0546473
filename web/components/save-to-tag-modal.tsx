import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { MSG } from '../../common/messages';
import { FormModalActions } from './form-modal-actions';
import { closeThenReset } from './modal-reset';
import { TagPicker } from './tag-picker';

/** What a save-to-tag dialog saves, in the singular and the plural ("article", "articles"). */
export interface SavedNoun {
  one: string;
  other: string;
}

export interface SaveToTagModalProps {
  opened: boolean;
  noun: SavedNoun;
  count: number;
  projectId: string;
  saving: boolean;
  onClose: () => void;
  /**
   * Saves the items under the chosen tag. Resolved: the dialog closes. Rejected (the request
   * failed; the caller's toast says why): the dialog stays open with the tag chosen, to retry.
   */
  onSave: (tagId: string) => Promise<unknown>;
}

/**
 * Save feed item(s) to the project's Saved Coverage under a tag (000 §2: "save article(s) with
 * tag selector"; the video and stream feeds the same). The tag is required; the picker can
 * create one. What the save achieved (all, some, none) is the caller's toast.
 */
export function SaveToTagModal({ opened, noun, count, projectId, saving, onClose, onSave }: SaveToTagModalProps) {
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
    <Modal opened={opened} onClose={close} title={count === 1 ? `Save ${noun.one}` : `Save ${count} ${noun.other}`} size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {count === 1 ? `The ${noun.one} is` : `The ${noun.other} are`} added to this project&apos;s Saved Coverage under the tag you choose.
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
