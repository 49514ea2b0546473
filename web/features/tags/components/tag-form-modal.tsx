import '@mantine/dates/styles.css';
import { Collapse, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { tagCreateBody } from '../../../../common/schemas/tags';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { tagDocument, useSaveTag, type Tag, type TagValues } from '../api/tags';
import { FormModalActions } from '../../../components/form-modal-actions';

export interface TagFormModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  tag?: Tag | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** New tag / Edit tag: a name (at least 4 characters) and a highlight switch with its date. */
export function TagFormModal({ opened, onClose, projectId, tag }: TagFormModalProps) {
  const save = useSaveTag(projectId);
  const form = useForm<TagValues>({
    initialValues: {
      name: tag?.name ?? '',
      hasHighlight: tag?.['has-highlight'] ?? false,
      highlightDate: tag?.['highlight-date']?.slice(0, 10) ?? null,
    },
    validate: (values) => {
      const errors = documentErrors(tagCreateBody, tagDocument(values));
      return { name: errors.name, highlightDate: errors.highlight_date ?? (values.hasHighlight && !values.highlightDate ? 'Please choose a date' : undefined) };
    },
  });

  const close = () => closeThenReset(onClose, form.reset);

  async function submit(values: TagValues) {
    try {
      await save.mutateAsync({ values, id: tag?.id });
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors({ name: fields.name, highlightDate: fields.highlight_date ?? fields.has_highlight });
      else toastError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={tag ? 'Edit tag' : 'New tag'} size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Name" placeholder="Reviews" required data-autofocus {...form.getInputProps('name')} />
          <Switch
            label="Highlight"
            description="Highlighted tags stand out in reports from the chosen date."
            checked={form.values.hasHighlight}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              form.setFieldValue('hasHighlight', on);
              if (on && !form.values.highlightDate) form.setFieldValue('highlightDate', today());
            }}
          />
          <Collapse expanded={form.values.hasHighlight}>
            <DateInput
              label="Highlight date"
              leftSection={<IconCalendar size={16} />}
              valueFormat="MMM D, YYYY"
              clearable={false}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('highlightDate')}
            />
          </Collapse>
          <FormModalActions onCancel={close} submitLabel={tag ? 'Save' : 'Create tag'} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
