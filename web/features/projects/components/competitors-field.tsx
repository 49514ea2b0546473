import { useId } from 'react';
import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { competitorSchema, COMPETITOR_NAME, type Competitor } from '../../../../common/schemas/projects';
import { SUPERSEARCH_MAX_COMPETITORS } from '../../../../common/schemas/supersearch';
import { ApiError } from '../../../lib/api';
import secondary from '../../../components/secondary-text.module.css';

export type CompetitorValue = Pick<Competitor, 'name' | 'query'>;

/** Each row's problems as form paths (`competitors.1.query`), from the schema the server checks with. */
export function competitorErrors(list: CompetitorValue[]): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((c, i) => {
    const parsed = competitorSchema.safeParse(c);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const key = `competitors.${i}.${String(issue.path[0] ?? 'name')}`;
      if (!out[key]) out[key] = issue.message;
    }
  });
  return out;
}

/** The server's refusals at /data/attributes/competitors/<i>/<field> as form paths; the list's own at `competitors`. */
export function serverCompetitorErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const e of err.errors) {
    const m = /^\/data\/attributes\/competitors(?:\/(\d+)\/(name|query))?/.exec(e.source?.pointer ?? '');
    if (!m) continue;
    const key = m[1] === undefined ? 'competitors' : `competitors.${m[1]}.${m[2]}`;
    if (!out[key]) out[key] = e.detail;
  }
  return out;
}

export interface CompetitorsFieldProps {
  value: CompetitorValue[];
  onChange: (next: CompetitorValue[]) => void;
  /** Form errors keyed `competitors.<i>.<field>` (and `competitors` for the list). */
  errors: Record<string, unknown>;
}

/** Up to five competitors, each a name and the Super Search query that finds its coverage (the overview's share of voice). */
export function CompetitorsField({ value, onChange, errors }: CompetitorsFieldProps) {
  const set = (i: number, field: keyof CompetitorValue, v: string) => onChange(value.map((c, j) => (j === i ? { ...c, [field]: v } : c)));
  const full = value.length >= SUPERSEARCH_MAX_COMPETITORS;
  const error = (key: string) => (errors[key] as string | undefined) ?? undefined;
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} data-testid="competitors-field">
      <Stack gap="xs">
        <div>
          <Input.Label labelElement="div" id={labelId}>
            Competitors
          </Input.Label>
          <Input.Description>
            The overview compares the project’s coverage with each competitor’s Super Search results. Use the query language of Super Search, for example
            "Halcyon Forge" OR halcyonforge.
          </Input.Description>
        </div>
        {value.map((c, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label="Name"
              aria-label={`Competitor ${i + 1} name`}
              placeholder="Halcyon Forge"
              maxLength={COMPETITOR_NAME.max}
              value={c.name}
              onChange={(e) => set(i, 'name', e.currentTarget.value)}
              error={error(`competitors.${i}.name`)}
              style={{ flex: '1 1 40%', minWidth: 0 }}
            />
            <TextInput
              label="Query"
              aria-label={`Competitor ${i + 1} query`}
              placeholder={'"Halcyon Forge"'}
              value={c.query}
              onChange={(e) => set(i, 'query', e.currentTarget.value)}
              error={error(`competitors.${i}.query`)}
              style={{ flex: '1 1 60%', minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label={`Remove competitor ${i + 1}${c.name ? ` (${c.name})` : ''}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {error('competitors') && (
          <Text size="xs" className={secondary.danger} role="alert">
            {error('competitors')}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={full} onClick={() => onChange([...value, { name: '', query: '' }])}>
            {full ? `At most ${SUPERSEARCH_MAX_COMPETITORS} competitors` : 'Add a competitor'}
          </Button>
        </Group>
      </Stack>
    </div>
  );
}
