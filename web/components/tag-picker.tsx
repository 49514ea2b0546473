import { useState } from 'react';
import { Group, Loader, Select, Text, defaultOptionsFilter, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, PAGE_SIZES } from '../../common/limits';
import { MSG } from '../../common/messages';
import { apiFetch, flatten, listQuery, type JsonApiResource, type ListDocument } from '../lib/api';
import { serverFieldErrors } from '../lib/form';
import { TAGS_PATH, tagDocument, type Tag, type TagAttributes } from '../features/tags/api/tags';
import { toastSuccess } from './toasts';

/** The value of the inline "Create tag" option; never a tag id (ids are numeric). */
const CREATE_VALUE = '__create_tag__';

/** Under [TAGS_PATH] so that every tag mutation (tags page included) refreshes the pickers. */
export const tagPickerKey = (projectId: string) => [TAGS_PATH, 'picker', projectId] as const;

/** The project's active tags, sorted by name, in one page (a project has a handful of tags). */
export async function fetchActiveTags(projectId: string): Promise<Tag[]> {
  const doc = await apiFetch<ListDocument<TagAttributes>>(TAGS_PATH, {
    query: listQuery({ page: 1, pageSize: PAGE_SIZES.wholeList, sort: 'name', filter: { project_id: projectId, locked: false } }),
  });
  return doc.data.map((r) => flatten(r));
}

export function useActiveTags(projectId: string) {
  return useQuery({ queryKey: tagPickerKey(projectId), queryFn: () => fetchActiveTags(projectId), staleTime: 30_000 });
}

export interface TagPickerProps {
  projectId: string;
  /** The chosen tag id, or null. */
  value: string | null;
  onChange: (tagId: string | null) => void;
  label?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

/**
 * A searchable select of the project's active tags. Typing a name of at least 4 characters
 * (the tag rule, spec 000 §5) that is not a tag yet offers "Create tag “…”", which creates it
 * (POST projects/{id}/tags) and selects it, so saving coverage never needs a detour to Tags.
 */
export function TagPicker({ projectId, value, onChange, label = 'Tag', error, required, disabled }: TagPickerProps) {
  const qc = useQueryClient();
  const tags = useActiveTags(projectId);
  const [search, setSearch] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (name: string) =>
      apiFetch<{ data: JsonApiResource<TagAttributes> }>(`projects/${projectId}/tags`, {
        method: 'POST',
        body: tagDocument({ name, hasHighlight: false, highlightDate: null }),
      }),
    onSuccess: async (doc) => {
      const tag = flatten(doc.data);
      // Put it in the list at once so that the select can show its name before the refetch lands.
      qc.setQueryData<Tag[]>(tagPickerKey(projectId), (old) =>
        [...(old ?? []), tag].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
      );
      onChange(tag.id);
      setSearch(tag.name);
      toastSuccess(MSG.modal.tagCreated);
      await qc.invalidateQueries({ queryKey: [TAGS_PATH] });
    },
    onError: (err) => setCreateError(serverFieldErrors(err).name ?? (err as Error).message),
  });

  const list = tags.data ?? [];
  const typed = search.trim();
  const canCreate = typed.length >= LIMITS.tagName.min && typed.length <= LIMITS.tagName.max && !list.some((t) => sameName(t.name, typed));

  const data: ComboboxItem[] = list.map((t) => ({ value: t.id, label: t.name }));
  if (canCreate) data.push({ value: CREATE_VALUE, label: `Create tag “${typed}”` });

  // The create option always survives the search filter: it is built from the search itself.
  const filter: OptionsFilter = ({ options, search: s, limit }) => {
    const rest = options.filter((o) => !('value' in o) || o.value !== CREATE_VALUE);
    const kept = defaultOptionsFilter({ options: rest, search: s, limit }) as typeof options;
    const createOption = options.find((o) => 'value' in o && o.value === CREATE_VALUE);
    return createOption ? [...kept, createOption] : kept;
  };

  const hint =
    typed.length > 0 && typed.length < LIMITS.tagName.min && !list.some((t) => t.name.toLowerCase().includes(typed.toLowerCase()))
      ? MSG.validation.tagLength
      : 'No tags yet: type a name to create one';

  return (
    <Select
      label={label}
      placeholder={list.length ? 'Choose or create a tag' : 'Type a name to create a tag'}
      required={required}
      disabled={disabled}
      searchable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={(s) => {
        setSearch(s);
        setCreateError(null);
      }}
      onChange={(v) => {
        if (v === CREATE_VALUE) create.mutate(typed);
        else onChange(v);
      }}
      filter={filter}
      nothingFoundMessage={tags.isPending ? 'Loading tags…' : hint}
      error={createError ?? error}
      leftSection={create.isPending || tags.isFetching ? <Loader size={14} /> : <IconTag size={16} />}
      renderOption={({ option }) =>
        option.value === CREATE_VALUE ? (
          <Group gap={6} wrap="nowrap">
            <IconPlus size={14} />
            <Text size="sm" fw={500} c="var(--mantine-primary-color-filled)">
              {option.label}
            </Text>
          </Group>
        ) : (
          <Text size="sm">{option.label}</Text>
        )
      }
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
