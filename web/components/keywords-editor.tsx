import { Box, Code, Group, Input, Mark, SegmentedControl, SimpleGrid, Stack, TagsInput, Text, Textarea, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { describeQuery } from '../../common/query/describe';
import type { QueryError } from '../../common/query/types';
import type { SimpleQuery } from '../../common/query/simple';

export type KeywordsMode = 'simple' | 'advanced';

interface Props {
  mode: KeywordsMode;
  onModeChange: (mode: KeywordsMode) => void;
  /** True when the keywords cannot be shown by the simple builder (advanced mode is forced). */
  simpleLocked: boolean;
  simple: SimpleQuery;
  onSimpleChange: (simple: SimpleQuery) => void;
  raw: string;
  onRawChange: (raw: string) => void;
  /** The final query (built in simple mode, typed in advanced mode). */
  keywords: string;
  parseError: QueryError | null;
  /** Length or server error of the keywords. */
  error?: string | null;
  /** The three term boxes side by side on wide screens (a page form rather than a modal). */
  columns?: boolean;
}

const SIMPLE_FIELDS: { key: keyof SimpleQuery; label: string; description: string; placeholder: string }[] = [
  { key: 'all', label: 'All of these', description: 'Every article must mention each of them.', placeholder: 'e.g. Nebula Games' },
  { key: 'any', label: 'Any of these', description: 'At least one of them.', placeholder: 'e.g. Starfall, Starfall 2' },
  { key: 'exclude', label: 'None of these', description: 'Articles mentioning them are left out.', placeholder: 'e.g. giveaway' },
];

/**
 * The keywords of an alert (000 §4, §5): a simple builder of three term lists, or the raw query
 * with its parse error shown and the offending part marked. Queries the builder cannot show
 * (several groups, OR with AND, nesting) force the advanced mode.
 */
export function KeywordsEditor(props: Props) {
  const { mode, simple } = props;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Input.Label required>Keywords</Input.Label>
        <Tooltip label="This query uses operators the simple builder cannot show." disabled={!props.simpleLocked} withArrow multiline w={240}>
          <SegmentedControl
            size="xs"
            aria-label="Query mode"
            value={mode}
            onChange={(v) => props.onModeChange(v as KeywordsMode)}
            data={[
              { value: 'simple', label: 'Simple', disabled: props.simpleLocked },
              { value: 'advanced', label: 'Advanced' },
            ]}
          />
        </Tooltip>
      </Group>

      {mode === 'simple' ? (
        <>
          <SimpleGrid cols={props.columns ? { base: 1, md: 3 } : 1} spacing="md" verticalSpacing="sm">
            {SIMPLE_FIELDS.map((f) => (
              <TagsInput
                key={f.key}
                label={f.label}
                description={f.description}
                placeholder={simple[f.key].length ? undefined : f.placeholder}
                splitChars={[',']}
                acceptValueOnBlur
                clearable
                value={simple[f.key]}
                onChange={(v) => props.onSimpleChange({ ...simple, [f.key]: v })}
              />
            ))}
          </SimpleGrid>
          {/* What the fields ask for, in words: the query's syntax is the advanced editor's business. */}
          <Text size="sm" data-testid="built-query">
            <Text span size="xs" c="dimmed">
              Reads as:{' '}
            </Text>
            <Text span size="sm" fw={500} dir="auto">
              {describeQuery(props.keywords) || '—'}
            </Text>
          </Text>
          {/* The builder's query can still be refused (a term without letters, only exclusions): say why, live. */}
          {(props.error || props.parseError) && (
            <Text size="xs" c="red" role="alert" data-testid="keywords-error">
              {props.error || props.parseError?.message}
            </Text>
          )}
        </>
      ) : (
        <>
          <Textarea
            aria-label="Query"
            description='Quote phrases ("open world"), + to require, - to exclude, AND / OR / NOT, parentheses to group, * for prefixes.'
            placeholder='+"Nebula Games" +(Starfall OR "Starfall 2") -giveaway'
            autosize
            minRows={3}
            maxRows={8}
            value={props.raw}
            onChange={(e) => props.onRawChange(e.currentTarget.value)}
            error={!props.parseError && props.error ? props.error : undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            dir="ltr"
          />
          {props.parseError && <QueryErrorView query={props.raw} error={props.parseError} />}
        </>
      )}
    </Stack>
  );
}

/** The parser's message and the query with the [start, end) range marked (a point error marks one space). */
export function QueryErrorView({ query, error }: { query: string; error: QueryError }) {
  const start = Math.max(0, Math.min(error.start, query.length));
  const end = Math.max(start, Math.min(error.end, query.length));
  const marked = end > start ? query.slice(start, end) : ' ';
  return (
    <Box role="alert" data-testid="query-error">
      <Group gap={6} wrap="nowrap">
        <IconAlertTriangle size={14} color="var(--mantine-color-error)" aria-hidden />
        <Text size="sm" c="red">
          {error.message}
        </Text>
      </Group>
      <Code block mt={4} dir="ltr" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {query.slice(0, start)}
        <Mark color="red" data-testid="query-error-range" style={{ textDecoration: 'underline wavy var(--mantine-color-red-filled)', textUnderlineOffset: 3 }}>
          {marked}
        </Mark>
        {query.slice(end)}
      </Code>
    </Box>
  );
}
