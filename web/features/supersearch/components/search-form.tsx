import { useEffect, useRef, useState } from 'react';
import { Box, Button, Divider, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { parseSimpleQuery } from '../../../../common/query/simple';
import { KeywordsEditor, type KeywordsMode } from '../../../components/keywords-editor';
import { formatDate } from '../../../lib/dates';
import {
  MAX_SCORE_CHOICES,
  MIN_SCORE_CHOICES,
  SORTS,
  draftKeywords,
  queryError,
  scoreRangeInvalid,
  type SearchDraft,
  type SortKey,
} from '../lib/search-form';
import { CompetitorsEditor } from './competitors-editor';

/** Server or form messages per field of the search (mapped from JSON:API pointers). */
export type SearchFieldErrors = Partial<Record<'search' | 'from_date' | 'to_date' | 'languages' | 'min' | 'max' | 'competitors', string>>;

interface Props {
  draft: SearchDraft;
  onChange: (patch: Partial<SearchDraft>) => void;
  /** Earliest and latest selectable dates (YYYY-MM-DD). */
  minDate: string;
  maxDate: string;
  languages: { code: string; name: string }[];
  competitorsAllowed: boolean;
  /** Why Search is disabled, or null. */
  blocker: string | null;
  searching: boolean;
  errors: SearchFieldErrors;
  onSearch: () => void;
}

const scoreOptions = (values: number[]) => values.map((v) => ({ value: String(v), label: String(v) }));
const toNumber = (v: string | null) => (v === null ? null : Number(v));

/**
 * The Super Search query form (000 §2, §5): the alert form's simple/advanced query builder,
 * the date range, languages, media score range, sort and competitor queries. Search runs on
 * the button or Enter; Enter in a term box adds the term and searches with it.
 */
export function SearchForm(props: Props) {
  const { draft, onChange, errors } = props;
  const keywords = draftKeywords(draft);
  const parseError = queryError(keywords);
  const simpleLocked = draft.mode === 'advanced' && parseSimpleQuery(draft.raw) === null;

  // A search asked for by Enter runs after the render that took in the last typed term.
  const [requested, setRequested] = useState(0);
  const onSearch = useRef(props.onSearch);
  useEffect(() => {
    onSearch.current = props.onSearch;
  });
  useEffect(() => {
    if (requested > 0) onSearch.current();
  }, [requested]);
  const request = () => setRequested((n) => n + 1);

  function changeMode(mode: KeywordsMode) {
    if (mode === draft.mode) return;
    if (mode === 'advanced') onChange({ mode, raw: keywords });
    else {
      const simple = parseSimpleQuery(draft.raw);
      if (simple) onChange({ mode, simple });
    }
  }

  function onKeywordsKeyDown(e: React.KeyboardEvent) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (target.tagName === 'TEXTAREA') {
      e.preventDefault();
      request();
    } else if (target.tagName === 'INPUT' && e.defaultPrevented) {
      // The term box took the Enter to add its term; the search follows with it.
      request();
    }
  }

  const invalidScore = scoreRangeInvalid(draft.minScore, draft.maxScore);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <form
        aria-label="Super Search"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          request();
        }}
      >
        <Stack gap="lg">
          <Box onKeyDown={onKeywordsKeyDown} data-keywords>
            <KeywordsEditor
              mode={draft.mode}
              onModeChange={changeMode}
              simpleLocked={simpleLocked}
              simple={draft.simple}
              onSimpleChange={(simple) => onChange({ simple })}
              raw={draft.raw}
              onRawChange={(raw) => onChange({ raw })}
              keywords={keywords}
              parseError={parseError}
              error={parseError ? undefined : errors.search}
              columns
            />
          </Box>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
            <DatePickerInput
              label="From"
              placeholder="Start date"
              leftSection={<IconCalendar size={16} />}
              value={draft.fromDate}
              onChange={(v) => onChange({ fromDate: v ? String(v).slice(0, 10) : null })}
              minDate={props.minDate}
              maxDate={draft.toDate ?? props.maxDate}
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
              minDate={draft.fromDate ?? props.minDate}
              maxDate={props.maxDate}
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
              data={props.languages.map((l) => ({ value: l.code, label: l.name }))}
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

          <Divider label="Compare with competitors" labelPosition="left" />
          <CompetitorsEditor allowed={props.competitorsAllowed} competitors={draft.competitors} onChange={(competitors) => onChange({ competitors })} />
          {errors.competitors && (
            <Text size="sm" c="red" role="alert">
              {errors.competitors}
            </Text>
          )}

          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              Articles published from {formatDate(props.minDate)} on can be searched. Press Enter to search.
            </Text>
            <Tooltip label={props.blocker} disabled={!props.blocker} withArrow>
              <span>
                <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!!props.blocker} loading={props.searching}>
                  Search
                </Button>
              </span>
            </Tooltip>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
