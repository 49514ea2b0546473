import { ActionIcon, Alert, Button, ColorSwatch, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { normalizeQuotes } from '../../../../common/query/tokenize';
import { QueryErrorView } from '../../../components/keywords-editor';
import { MAX_COMPETITORS, queryError, type CompetitorDraft } from '../lib/search-form';
import { useSeriesColors } from './series-colors';

interface Props {
  allowed: boolean;
  competitors: CompetitorDraft[];
  onChange: (competitors: CompetitorDraft[]) => void;
}

/** The hint shown instead of the competitor comparison on plans without it (000 §6). */
export function CompetitorsUpgradeHint() {
  return (
    <Alert variant="light" color="yellow" icon={<IconLock size={18} />} title="Competitor comparison" data-testid="competitors-upgrade">
      <Text size="sm">{MSG.billing.upgrade}</Text>
      <Text size="xs" c="dimmed" mt={4}>
        Comparing with competitors is part of the Pro and Agency plans.
      </Text>
    </Alert>
  );
}

/**
 * Up to five competitor queries, each checked by the query parser as it is typed. They run
 * with the main search (same dates, languages and scores) and are drawn against it.
 */
export function CompetitorsEditor({ allowed, competitors, onChange }: Props) {
  const colors = useSeriesColors();
  if (!allowed) return <CompetitorsUpgradeHint />;

  const update = (key: number, query: string) => onChange(competitors.map((c) => (c.key === key ? { ...c, query } : c)));
  const remove = (key: number) => onChange(competitors.filter((c) => c.key !== key));
  const add = () => onChange([...competitors, { key: Math.max(0, ...competitors.map((c) => c.key)) + 1, query: '' }]);
  // Lines are numbered by the filled rows, in order (as appliedCompetitors does).
  let filled = 0;

  return (
    <Stack gap="xs">
      {competitors.length === 0 && (
        <Text size="sm" c="dimmed">
          Add up to {MAX_COMPETITORS} queries (a rival, another product) to plot them against your search and compare their share of voice.
        </Text>
      )}
      {competitors.map((c, i) => {
        const text = normalizeQuotes(c.query);
        const error = queryError(text);
        const line = text.trim() && !error ? ++filled : null;
        return (
          <Stack key={c.key} gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                aria-label={`Competitor ${i + 1} query`}
                placeholder={i === 0 ? 'e.g. "Galaxy Wars" OR "Star Raiders"' : 'Another query'}
                value={c.query}
                onChange={(e) => update(c.key, e.currentTarget.value)}
                error={error ? true : undefined}
                // The line's colour once the row is searchable; a neutral dot until then.
                leftSection={
                  <ColorSwatch size={12} color={line ? colors[line % colors.length] : 'var(--mantine-color-default-border)'} withShadow={false} aria-hidden />
                }
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                dir="ltr"
              />
              <Tooltip label="Remove competitor">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove competitor ${i + 1}`} onClick={() => remove(c.key)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            {error && <QueryErrorView query={text} error={error} />}
          </Stack>
        );
      })}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add} disabled={competitors.length >= MAX_COMPETITORS}>
          Add competitor
        </Button>
        {competitors.length >= MAX_COMPETITORS && (
          <Text size="xs" c="dimmed">
            {MAX_COMPETITORS} competitors at most.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
