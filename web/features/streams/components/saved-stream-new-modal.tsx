import { useState, type FormEvent } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandTwitch } from '@tabler/icons-react';
import { TWITCH_URL_MESSAGE, parseTwitchUrl } from '../../../../common/schemas/streams';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/form';
import { useSaveMissingStream } from '../api/saved-streams';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
}

/**
 * Add a stream that the feed missed: its Twitch address (a video, or a channel: its live stream
 * or latest video) and a tag (000 §5: the address starts with Twitch's https address).
 */
export function SavedStreamNewModal({ opened, onClose, projectId }: Props) {
  const save = useSaveMissingStream();
  const [tagId, setTagId] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; tag?: string }>({});

  const parsed = parseTwitchUrl(url);
  const valid = parsed !== null && tagId !== null;
  const close = () =>
    closeThenReset(onClose, () => {
      setTagId(null);
      setUrl('');
      setTouched(false);
      setErrors({});
    });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    try {
      await save.mutateAsync({ url: url.trim(), tagId });
      close();
    } catch (err) {
      const f = serverFieldErrors(err);
      if (f.stream_url || f.tag_id) setErrors({ url: f.stream_url, tag: f.tag_id });
      else if (err instanceof ApiError && err.status === 422 && err.errors[0]?.detail) setErrors({ url: err.errors[0].detail });
      else toastError(err);
    }
  }

  const urlError = errors.url ?? (touched && url.trim() && parsed === null ? TWITCH_URL_MESSAGE : undefined);

  return (
    <Modal opened={opened} onClose={close} title="Add a stream" size="lg">
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
            label="Twitch link"
            placeholder="https://www.twitch.tv/videos/123456789"
            required
            data-autofocus
            leftSection={<IconBrandTwitch size={16} />}
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setErrors((x) => ({ ...x, url: undefined }));
            }}
            onBlur={() => setTouched(true)}
            error={urlError}
            dir="ltr"
          />
          <Text size="xs" c="dimmed">
            A video link adds that video; a channel link adds its live stream, or its latest video when it is offline.
          </Text>
          <FormModalActions onCancel={close} submitLabel="Add stream" loading={save.isPending} disabled={!valid} />
        </Stack>
      </form>
    </Modal>
  );
}
