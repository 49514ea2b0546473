import { Box, Button, Divider, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { KeywordsEditor } from '../../../components/keywords-editor';
import { formatDate } from '../../../lib/dates';
import type { SearchDraft } from '../lib/search-form';
import { CompetitorsEditor } from './competitors-editor';
import { SearchFilterFields } from './search-filter-fields';
import { useSearchForm } from './use-search-form';

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

/**
 * The Super Search query form (000 §2, §5): the alert form's simple/advanced query builder,
 * the date range, languages, media score range, sort and competitor queries. Search runs on
 * the button or Enter; Enter in a term box adds the term and searches with it.
 */
export function SearchForm(props: Props) {
  const { draft, onChange, errors } = props;
  const { keywords, parseError, simpleLocked, request, changeMode, onKeywordsKeyDown } = useSearchForm(draft, onChange, props.onSearch);

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

          <SearchFilterFields draft={draft} onChange={onChange} minDate={props.minDate} maxDate={props.maxDate} languages={props.languages} errors={errors} />

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
