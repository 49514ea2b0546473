import '@mantine/dates/styles.css';
import { useState, type FormEvent } from 'react';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { savedStreamUpdateBody } from '../../../../common/schemas/streams';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { useLanguages } from '../../reference/api/reference';
import { editValuesOf, savedStreamPatch, useUpdateSavedStream, type SavedStream, type SavedStreamEditValues } from '../api/saved-streams';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  stream: SavedStream | null;
}

const EMPTY: SavedStreamEditValues = { tag_id: null, language: null, title: '', description: '', followers: '', view_count: '', published_at: null };

/**
 * Edit a saved stream: tag, language, title, description, followers, views and date. Only the
 * fields that changed and are not empty are sent (000 §5); the server's message is the toast.
 */
export function SavedStreamEditModal({ opened, onClose, projectId, stream }: Props) {
  const update = useUpdateSavedStream();
  const languages = useLanguages(opened);
  const [before] = useState(() => (stream ? editValuesOf(stream) : EMPTY));
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<SavedStreamEditValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };
  const body = savedStreamPatch(values, before);
  const close = () =>
    closeThenReset(onClose, () => {
      setValues(before);
      setErrors({});
    });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stream) return;
    const found = documentErrors(savedStreamUpdateBody, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await update.mutateAsync({ id: stream.id, body });
      close();
    } catch (err) {
      const f = serverFieldErrors(err);
      if (Object.keys(f).length) setErrors(f);
      else toastError(err, MSG.streams.editFailed);
    }
  }

  const languageData = (languages.data ?? []).map((l) => ({ value: l.code, label: l.name }));
  // A language Twitch gave that the list does not know stays choosable.
  if (values.language && !languageData.some((l) => l.value === values.language)) languageData.push({ value: values.language, label: values.language });
  const numberProps = { min: 0, allowDecimal: false, allowNegative: false, thousandSeparator: ',' } as const;

  return (
    <Modal opened={opened} onClose={close} title="Edit stream" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            data-autofocus
            value={values.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={errors.title}
            dir="auto"
          />
          <TagPicker projectId={projectId} value={values.tag_id} onChange={(tag_id) => set({ tag_id })} error={errors.tag_id} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            value={values.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={errors.description}
            dir="auto"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Followers"
              {...numberProps}
              value={values.followers}
              onChange={(v) => set({ followers: typeof v === 'number' ? v : '' })}
              error={errors.followers}
            />
            <NumberInput
              label="Views"
              {...numberProps}
              value={values.view_count}
              onChange={(v) => set({ view_count: typeof v === 'number' ? v : '' })}
              error={errors.view_count}
            />
            <DateInput
              label="Published"
              leftSection={<IconCalendar size={16} />}
              valueFormat="MMM D, YYYY"
              clearable={false}
              popoverProps={{ withinPortal: true }}
              value={values.published_at}
              onChange={(v) => set({ published_at: v ? String(v).slice(0, 10) : null })}
              error={errors.published_at}
            />
            <Select
              label="Language"
              searchable
              data={languageData}
              value={values.language}
              onChange={(language) => set({ language })}
              allowDeselect={false}
              error={errors.language}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <FormModalActions onCancel={close} submitLabel="Save" loading={update.isPending} disabled={Object.keys(body).length === 0} />
        </Stack>
      </form>
    </Modal>
  );
}
