import { useState, type FormEvent } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { normalizeUserUrl } from '../../../../common/url';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/form';
import { useCreateArticle } from '../api/saved-articles';

export interface SavedNewArticleModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** The tag to start with (the table's tag filter, when one is set). */
  initialTagId?: string | null;
}

/**
 * New article: a tag and the article's link. Save is enabled only once the link is a valid
 * URL (spec 000 §5); title, date and language are read from the page by the server.
 */
export function SavedNewArticleModal({ opened, onClose, projectId, initialTagId = null }: SavedNewArticleModalProps) {
  const create = useCreateArticle();
  const [tagId, setTagId] = useState<string | null>(initialTagId);
  const [link, setLink] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; tag?: string }>({});

  const url = normalizeUserUrl(link);
  const valid = url !== null && tagId !== null;

  const reset = () => {
    setTagId(initialTagId);
    setLink('');
    setTouched(false);
    setErrors({});
  };
  const close = () => closeThenReset(onClose, reset);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    try {
      await create.mutateAsync({ url, tagId });
      close();
    } catch (err) {
      // "Already exists" is a whole-form outcome (422 with the catalogue's sentence), not a field error.
      if (err instanceof ApiError && err.status === 422 && err.errors.some((x) => /already exist/i.test(x.detail))) {
        setErrors({ url: MSG.articles.alreadyExists });
        return;
      }
      const fields = serverFieldErrors(err);
      if (fields.url || fields.tag || fields.tag_id) setErrors({ url: fields.url, tag: fields.tag ?? fields.tag_id });
      else toastError(err);
    }
  }

  const linkError = errors.url ?? (touched && link.trim() && url === null ? MSG.articles.invalidUrl : undefined);

  return (
    <Modal opened={opened} onClose={close} title="New article" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TagPicker
            projectId={projectId}
            value={tagId}
            onChange={(v) => {
              setTagId(v);
              setErrors((x) => ({ ...x, tag: undefined }));
            }}
            required
            error={errors.tag}
          />
          <TextInput
            label="Article link"
            placeholder="https://www.example.com/news/your-game-review"
            required
            data-autofocus
            leftSection={<IconLink size={16} />}
            value={link}
            onChange={(e) => {
              setLink(e.currentTarget.value);
              setErrors((x) => ({ ...x, url: undefined }));
            }}
            onBlur={() => setTouched(true)}
            error={linkError}
          />
          <Text size="xs" c="dimmed">
            Title, date and language are read from the page. You can edit them afterwards.
          </Text>
          <FormModalActions onCancel={close} submitLabel="Save article" loading={create.isPending} disabled={!valid} />
        </Stack>
      </form>
    </Modal>
  );
}
