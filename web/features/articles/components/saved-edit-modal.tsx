import '@mantine/dates/styles.css';
import { Anchor, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconExternalLink } from '@tabler/icons-react';
import { articleUpdateBody } from '../../../../common/schemas/articles';
import { LIMITS } from '../../../../common/limits';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { articleUpdateDocument, useLanguages, useUpdateArticle, type ArticleEditValues, type SavedArticle } from '../api/saved-articles';
import { truncate } from '../../../lib/text';
import { webHref } from '../../../lib/links';

export interface SavedEditModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  article: SavedArticle | null;
}

/** Edit article: title (≤ 127), tag, media score (0.1–10), date and language → PATCH articles/{id}. */
export function SavedEditModal({ opened, onClose, projectId, article }: SavedEditModalProps) {
  const update = useUpdateArticle();
  const languages = useLanguages();
  const form = useForm<ArticleEditValues>({
    initialValues: {
      title: article?.title ?? '',
      tagId: article?.tag_id != null ? String(article.tag_id) : null,
      reach: article?.reach ?? LIMITS.mediaScore.min,
      date: article?.date?.slice(0, 10) ?? null,
      language: article?.language ?? 'unknown',
    },
    validate: (values) => {
      const errors = article ? documentErrors(articleUpdateBody, articleUpdateDocument(article.id, values)) : {};
      return {
        title: errors.title,
        reach: errors.reach,
        date: errors.date ?? (values.date ? undefined : 'Please choose a date'),
        language: errors.language,
        tagId: values.tagId ? undefined : 'Please choose a tag',
      };
    },
  });

  const close = () => closeThenReset(onClose, form.reset);

  async function submit(values: ArticleEditValues) {
    if (!article) return;
    try {
      await update.mutateAsync({ id: article.id, values });
      close();
    } catch (err) {
      const f = serverFieldErrors(err);
      if (Object.keys(f).length) form.setErrors({ title: f.title, reach: f.reach, date: f.date, language: f.language, tagId: f.tag ?? f.tag_id });
      else toastError(err);
    }
  }

  const languageData = (languages.data ?? []).map((l) => ({ value: l.code, label: l.name }));
  const title = form.values.title;

  return (
    <Modal opened={opened} onClose={close} title="Edit article" size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {article && (
            <Anchor href={webHref(article.url)} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <Text span size="xs" truncate="end">
                  {truncate(article.url, 75)}
                </Text>
                <IconExternalLink size={12} />
              </Group>
            </Anchor>
          )}
          <TextInput
            label="Title"
            data-autofocus
            maxLength={LIMITS.titleMax}
            rightSectionWidth={64}
            rightSection={
              <Text size="xs" c={title.length >= LIMITS.titleMax ? 'red' : 'dimmed'}>
                {title.length}/{LIMITS.titleMax}
              </Text>
            }
            {...form.getInputProps('title')}
          />
          <TagPicker
            projectId={projectId}
            value={form.values.tagId}
            onChange={(v) => form.setFieldValue('tagId', v)}
            required
            error={form.errors.tagId as string | undefined}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberInput
              label="Media score"
              min={LIMITS.mediaScore.min}
              max={LIMITS.mediaScore.max}
              step={0.1}
              decimalScale={1}
              clampBehavior="strict"
              {...form.getInputProps('reach')}
              onChange={(v) => form.setFieldValue('reach', typeof v === 'number' ? v : Number(v) || LIMITS.mediaScore.min)}
            />
            <DateInput
              label="Date"
              leftSection={<IconCalendar size={16} />}
              valueFormat="MMM D, YYYY"
              clearable={false}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('date')}
            />
            <Select
              label="Language"
              searchable
              data={languageData}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
          <FormModalActions onCancel={close} submitLabel="Save" loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
