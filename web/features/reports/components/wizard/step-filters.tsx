import { Alert, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text, ThemeIcon, type MultiSelectProps } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFilter, IconLanguage, IconTag, IconTagOff, IconWorldOff } from '@tabler/icons-react';
import { LANGUAGES, languageName } from '../../../../../common/reference';
import type { TagAttributes } from '../../../../../common/schemas/tags';
import type { ReportPreview } from '../../api/types';
import type { countMessage } from '../../lib/wizard-machine';
import type { FilterValues } from './use-report-wizard';

/** A project tag, as the shared tag list gives it. */
type Tag = Pick<TagAttributes, 'name'> & { id: string };

interface Option {
  value: string;
  label: string;
  /** Articles of the period with it (before the tag and language rules). */
  count?: number;
}

/** An option with its article count on the right. */
function renderOption(counts: Map<string, number | undefined>): MultiSelectProps['renderOption'] {
  return ({ option }) => (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
      <Text size="sm">{option.label}</Text>
      {counts.get(option.value) !== undefined && (
        <Text size="xs" c="dimmed">
          {counts.get(option.value)}
        </Text>
      )}
    </Group>
  );
}

/** Tag options: the project's tags, with the period's article count when the preview knows it. */
function tagOptions(tags: Tag[], preview: ReportPreview | undefined): Option[] {
  const counts = new Map((preview?.tags_available ?? []).map((t) => [String(t.tag_id), t]));
  const out = new Map<string, Option>();
  for (const t of tags) out.set(t.id, { value: t.id, label: t.name, count: counts.get(t.id)?.articles });
  for (const [id, t] of counts) if (!out.has(id)) out.set(id, { value: id, label: t.tag_name, count: t.articles });
  return [...out.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Language options: the languages of the period's articles, else every known language. */
function languageOptions(preview: ReportPreview | undefined, selected: string[]): Option[] {
  const available = preview?.languages_available;
  const codes = available?.length ? available.map((l) => l.language) : LANGUAGES.map((l) => l.code);
  const counts = new Map((available ?? []).map((l) => [l.language, l.articles]));
  return [...new Set([...codes, ...selected])].map((code) => ({ value: code, label: languageName(code), count: counts.get(code) }));
}

const without = (options: Option[], taken: string[]) => options.filter((o) => !taken.includes(o.value)).map(({ value, label }) => ({ value, label }));

/** Step 1: tags and languages to include or leave out, with the live article count. */
export function StepFilters(props: {
  tags: Tag[];
  filters: FilterValues;
  onChange: (f: FilterValues) => void;
  preview: ReportPreview | undefined;
  counting: boolean;
  message: ReturnType<typeof countMessage>;
  countError: unknown;
  disabled: boolean;
  videos: number;
  streams: number;
  loaded: boolean;
}) {
  const { filters, onChange } = props;
  const set = (patch: Partial<FilterValues>) => onChange({ ...filters, ...patch });
  const tags = tagOptions(props.tags, props.preview);
  const languages = languageOptions(props.preview, [...filters.languages, ...filters.languages_not]);
  const counts = new Map([...tags, ...languages].map((o) => [o.value, o.count]));
  const common = {
    searchable: true,
    clearable: true,
    disabled: props.disabled,
    comboboxProps: { withinPortal: true },
    nothingFoundMessage: 'Nothing found',
    renderOption: renderOption(counts),
  };

  return (
    <Paper withBorder radius="md" p="xl" shadow="xs">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <ThemeIcon variant="light" size={48} radius="md">
          <IconFilter size={26} />
        </ThemeIcon>
        <Stack gap="lg" style={{ flex: 1 }}>
          <div>
            <Text fw={650} size="lg">
              Which coverage goes in?
            </Text>
            <Text c="dimmed" size="sm">
              Leave a field empty to keep everything. A report holds up to 10,000 articles.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <MultiSelect
              {...common}
              label="Tags"
              placeholder={filters.tags_id.length ? undefined : 'All tags'}
              leftSection={<IconTag size={16} />}
              data={without(tags, filters.tags_not)}
              value={filters.tags_id}
              onChange={(v) => set({ tags_id: v })}
            />
            <MultiSelect
              {...common}
              label="Exclude tags"
              placeholder={filters.tags_not.length ? undefined : 'None'}
              leftSection={<IconTagOff size={16} />}
              data={without(tags, filters.tags_id)}
              value={filters.tags_not}
              onChange={(v) => set({ tags_not: v })}
            />
            <MultiSelect
              {...common}
              label="Languages"
              placeholder={filters.languages.length ? undefined : 'All languages'}
              leftSection={<IconLanguage size={16} />}
              data={without(languages, filters.languages_not)}
              value={filters.languages}
              onChange={(v) => set({ languages: v })}
            />
            <MultiSelect
              {...common}
              label="Exclude languages"
              placeholder={filters.languages_not.length ? undefined : 'None'}
              leftSection={<IconWorldOff size={16} />}
              data={without(languages, filters.languages)}
              value={filters.languages_not}
              onChange={(v) => set({ languages_not: v })}
            />
          </SimpleGrid>
          <CountMessage {...props} />
        </Stack>
      </Group>
    </Paper>
  );
}

function CountMessage({ counting, message, countError, videos, streams, loaded }: Parameters<typeof StepFilters>[0]) {
  if (countError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {(countError as Error).message}
      </Alert>
    );
  if (counting || !message || !loaded)
    return (
      <Group gap="xs" mih={52}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Counting articles…
        </Text>
      </Group>
    );
  const color = message.tone === 'ok' ? 'teal' : message.tone === 'warn' ? 'yellow' : 'red';
  return (
    <Alert
      color={color}
      variant="light"
      icon={message.tone === 'ok' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
      data-testid="count-message"
    >
      <Text size="sm" fw={600}>
        {message.text}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {videos} {videos === 1 ? 'video' : 'videos'} and {streams} {streams === 1 ? 'stream' : 'streams'} saved in the period.
      </Text>
    </Alert>
  );
}
