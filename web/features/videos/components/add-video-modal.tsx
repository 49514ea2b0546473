import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { YOUTUBE_URL_MESSAGE, youtubeVideoIdFromUrl } from '../../../../common/schemas/videos';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError, toastSuccess } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/form';
import { useSaveMissingVideo } from '../api/saved-videos';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
}

/**
 * Add a video the feed did not find, by its YouTube address (watch, shorts or youtu.be), under a
 * tag. The address is checked here first, so a typo never reaches the server.
 */
export function AddVideoModal({ opened, onClose, projectId }: Props) {
  const [url, setUrl] = useState('');
  const [tagId, setTagId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ url?: string; tag?: string }>({});
  const add = useSaveMissingVideo();
  const close = () =>
    closeThenReset(onClose, () => {
      setUrl('');
      setTagId(null);
      setErrors({});
    });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: { url?: string; tag?: string } = {};
    if (youtubeVideoIdFromUrl(url) === null) found.url = YOUTUBE_URL_MESSAGE;
    if (!tagId) found.tag = MSG.articles.tagRequired;
    setErrors(found);
    if (found.url || found.tag || !tagId) return;
    try {
      await add.mutateAsync({ youtube_video_url: url.trim(), tag_id: tagId });
      toastSuccess(MSG.videos.videoAdded);
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.youtube_video_url || fields.tag_id) setErrors({ url: fields.youtube_video_url, tag: fields.tag_id });
      else if (err instanceof ApiError && err.code === 'not_connected') setErrors({ url: err.message });
      else toastError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Add a video" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Paste the link of a YouTube video to keep it in this project&apos;s Saved Coverage.
          </Text>
          <TextInput
            label="YouTube video link"
            placeholder="https://www.youtube.com/watch?v=…"
            leftSection={<IconBrandYoutube size={16} />}
            required
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setErrors((x) => ({ ...x, url: undefined }));
            }}
            error={errors.url}
            data-autofocus
          />
          <TagPicker
            projectId={projectId}
            value={tagId}
            onChange={(v) => {
              setTagId(v);
              setErrors((x) => ({ ...x, tag: undefined }));
            }}
            error={errors.tag}
            required
          />
          <FormModalActions onCancel={close} submitLabel="Add video" loading={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
