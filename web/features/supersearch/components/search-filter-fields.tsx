import '@mantine/dates/styles.css';
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { MAX_SCORE_CHOICES, MIN_SCORE_CHOICES, SORTS, scoreRangeInvalid, type SearchDraft, type SortKey } from '../lib/search-form';
import type { SearchFieldErrors } from './search-form';

interface Props {
  draft: SearchDraft;
  onChange: (patch: Partial<SearchDraft>) => void;
  /** Earliest and latest selectable dates (YYYY-MM-DD). */
  minDate: string;
  maxDate: string;
  languages: { code: string; name: string }[];
  errors: SearchFieldErrors;
}

const scoreOptions = (values: number[]) => values.map((v) => ({ value: String(v), label: String(v) }));
const toNumber = (v: string | null) => (v === null ? null : Number(v));

/** The filters of the Super Search form (000 §5): date range, languages, media score range and sort. */
export function SearchFilterFields({ draft, onChange, minDate, maxDate, languages, errors }: Props) {
  const invalidScore = scoreRangeInvalid(draft.minScore, draft.maxScore);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
      <DatePickerInput
        label="From"
        placeholder="Start date"
        leftSection={<IconCalendar size={16} />}
        value={draft.fromDate}
        onChange={(v) => onChange({ fromDate: v ? String(v).slice(0, 10) : null })}
        minDate={minDate}
        maxDate={draft.toDate ?? maxDate}
        valueFormat="MMM D, YYYY"
        error={errors.from_date}
        popoverProps={{ withinPortal: true }}
        required
      />
      <DatePickerInput
        label="To"
        placeholder="End date"
        leftSection={<IconCalendar size={16} />}
        value={draft.toDate}
        onChange={(v) => onChange({ toDate: v ? String(v).slice(0, 10) : null })}
        minDate={draft.fromDate ?? minDate}
        maxDate={maxDate}
        valueFormat="MMM D, YYYY"
        error={errors.to_date}
        popoverProps={{ withinPortal: true }}
        required
      />
      <MultiSelect
        label="Languages"
        placeholder={draft.languages.length ? undefined : 'All languages'}
        searchable
        clearable
        data={languages.map((l) => ({ value: l.code, label: l.name }))}
        value={draft.languages}
        onChange={(languages) => onChange({ languages })}
        error={errors.languages}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
      <Select
        label="Min media score"
        placeholder="Any"
        clearable
        data={scoreOptions(MIN_SCORE_CHOICES)}
        value={draft.minScore === null ? null : String(draft.minScore)}
        // A minimum alone searches up to 10 (000 §5): the maximum shows it.
        onChange={(v) => onChange({ minScore: toNumber(v), ...(v !== null && draft.maxScore === null ? { maxScore: 10 } : {}) })}
        error={errors.min ?? (invalidScore ? 'Above the maximum' : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Max media score"
        placeholder="Any"
        clearable
        data={scoreOptions(MAX_SCORE_CHOICES)}
        value={draft.maxScore === null ? null : String(draft.maxScore)}
        onChange={(v) => onChange({ maxScore: toNumber(v) })}
        error={errors.max}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Sort by"
        allowDeselect={false}
        data={(Object.keys(SORTS) as SortKey[]).map((k) => ({ value: k, label: SORTS[k].label }))}
        value={draft.sort}
        onChange={(v) => v && onChange({ sort: v as SortKey })}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
