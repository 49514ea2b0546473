import { useState } from 'react';
import { Alert, Badge, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import { useCan } from '../../../lib/can';
import { useSuggestions, type SuggestionStatus } from '../api/suggestions';
import secondary from '../../../components/secondary-text.module.css';
import { SuggestionCard } from './suggestion-card';

const FILTERS: { value: SuggestionStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** The tab's label: "Suggestions", with how many wait for review. */
export function SuggestionsTabLabel() {
  // The operator's organization reviews every organization's suggestions.
  const pending = useSuggestions('pending', 1, useCan('platform.operate'));
  const n = pending.data?.meta.total_entries ?? 0;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      Suggestions
      {n > 0 && (
        <Badge size="sm" circle={n < 10} aria-label={`${n} waiting for review`}>
          {n}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The outlets organizations suggested (Websites → Suggestions), for the platform operator: the
 * pending ones to approve or reject, and the decided ones behind the filter.
 */
export function SuggestionsPanel() {
  const operator = useCan('platform.operate');
  const [status, setStatus] = useState<SuggestionStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useSuggestions(status, page, operator);
  const rows = list.data?.rows ?? [];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="suggestions-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 20rem' }}>
          <Title order={2} id="suggestions-title" fz="lg">
            Suggested outlets
          </Title>
          <Text size="sm" className={secondary.secondary}>
            Outlets organizations asked for. Approving one adds it with its main feed (or its news sitemap) and fetches it at once.
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Show suggestions"
          data={FILTERS}
          value={status}
          onChange={(v) => {
            setStatus(v as SuggestionStatus);
            setPage(1);
          }}
        />
      </Group>
      {list.isError ? (
        <Alert color="red" title={MSG.somethingWrong}>
          {list.error.message}
        </Alert>
      ) : list.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : rows.length === 0 ? (
        <Text size="sm" ta="center" py="lg" className={secondary.secondary}>
          {MSG.outlets.noSuggestions[status]}
        </Text>
      ) : (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((s) => (
            <SuggestionCard key={s.id} s={s} />
          ))}
        </Stack>
      )}
      {(list.data?.meta.last_page ?? 1) > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={list.data!.meta.last_page}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous page' : 'Next page' })}
          />
        </Group>
      )}
    </Paper>
  );
}
