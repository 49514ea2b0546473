import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { COUNTRIES } from '../../../../common/reference';
import { MSG } from '../../../../common/messages';
import { savedVideoUpdateBody } from '../../../../common/schemas/videos';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError, toastSuccess } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { useLanguages } from '../../reference/api/reference';
import { useUpdateSavedVideo, type SavedVideo } from '../api/saved-videos';
import { changedSavedBody, savedEditValues, type SavedEditValues } from '../lib/saved-edit';

interface Props {
  /** The video being edited; null closes the modal. The parent remounts it per video. */
  video: SavedVideo | null;
  projectId: string;
  onClose: () => void;
}

const FIELD_OF: Record<string, keyof SavedEditValues> = {
  tag_id: 'tagId',
  title: 'title',
  description: 'description',
  views: 'views',
  channel_subscribers: 'channelSubscribers',
  channel_language: 'channelLanguage',
  channel_country: 'channelCountry',
  published_at: 'publishedAt',
};

const countryOptions = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/**
 * Edit a saved video (000 §3): tag, title, description, views, channel subscribers, language and
 * country, published date. Only the non-empty fields that changed are sent; the server's message
 * is the toast.
 */
export function EditVideoModal({ video, projectId, onClose }: Props) {
  const initial = video ? savedEditValues(video) : null;
  const [values, setValues] = useState<SavedEditValues | null>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof SavedEditValues, string>>>({});
  const update = useUpdateSavedVideo();
  const languages = useLanguages(video !== null);
  const close = () => closeThenReset(onClose, () => setErrors({}));

  const set = (patch: Partial<SavedEditValues>) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    setErrors({});
  };
  const body = initial && values ? changedSavedBody(initial, values) : {};

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!video || Object.keys(body).length === 0) return close();
    const check = savedVideoUpdateBody.safeParse(body);
    if (!check.success) {
      const found: Partial<Record<keyof SavedEditValues, string>> = {};
      for (const issue of check.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field && !found[field]) found[field] = issue.message;
      }
      return setErrors(found);
    }
    try {
      const doc = await update.mutateAsync({ id: video.id, body });
      toastSuccess(doc.meta?.message ?? MSG.videos.videoEdited);
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      const found: Partial<Record<keyof SavedEditValues, string>> = {};
      for (const [k, msg] of Object.entries(fields)) if (FIELD_OF[k]) found[FIELD_OF[k]] = msg;
      if (Object.keys(found).length) setErrors(found);
      else toastError(undefined, MSG.videos.editFailed);
    }
  }

  const v = values;
  const languageOptions = (languages.data ?? []).map((l) => ({ value: l.code ?? l.id, label: l.name }));
  // A code the list does not know stays choosable, so opening the form never blanks it.
  if (v?.channelLanguage && !languageOptions.some((o) => o.value === v.channelLanguage))
    languageOptions.push({ value: v.channelLanguage, label: v.channelLanguage });
  const countries =
    v?.channelCountry && !countryOptions.some((o) => o.value === v.channelCountry)
      ? [...countryOptions, { value: v.channelCountry, label: v.channelCountry }]
      : countryOptions;

  return (
    <Modal opened={video !== null} onClose={close} title="Edit video" size="lg">
      {v && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TagPicker projectId={projectId} value={v.tagId} onChange={(tagId) => set({ tagId })} error={errors.tagId} />
            <TextInput label="Title" value={v.title} onChange={(e) => set({ title: e.currentTarget.value })} error={errors.title} />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={8}
              value={v.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
              error={errors.description}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label="Views"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                value={v.views ?? ''}
                onChange={(n) => set({ views: n === '' ? null : Number(n) })}
                error={errors.views}
              />
              <NumberInput
                label="Channel subscribers"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                value={v.channelSubscribers ?? ''}
                onChange={(n) => set({ channelSubscribers: n === '' ? null : Number(n) })}
                error={errors.channelSubscribers}
              />
              <Select
                label="Channel language"
                searchable
                data={languageOptions}
                value={v.channelLanguage}
                onChange={(channelLanguage) => set({ channelLanguage })}
                error={errors.channelLanguage}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Channel country"
                searchable
                data={countries}
                value={v.channelCountry}
                onChange={(channelCountry) => set({ channelCountry })}
                error={errors.channelCountry}
                comboboxProps={{ withinPortal: true }}
              />
              <DateInput
                label="Published date"
                leftSection={<IconCalendar size={16} />}
                valueFormat="MMM D, YYYY"
                value={v.publishedAt}
                onChange={(d) => set({ publishedAt: d ? String(d).slice(0, 10) : null })}
                maxDate={new Date()}
                error={errors.publishedAt}
                popoverProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <FormModalActions onCancel={close} submitLabel="Save changes" loading={update.isPending} disabled={Object.keys(body).length === 0} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
