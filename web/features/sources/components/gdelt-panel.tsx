import { Alert, Anchor, Badge, Button, Group, Paper, ScrollArea, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import type { GdeltQueryState } from '../../../../common/schemas/gdelt';
import { useCan } from '../../../lib/can';
import { formatTime, fromNow } from '../../../lib/dates';
import secondary from '../../../components/secondary-text.module.css';
import { useGdelt, useSetGdeltEnabled, type GdeltAttributes } from '../api/gdelt';

const STATE_LABEL: Record<GdeltQueryState, { label: string; color: string }> = {
  new: { label: 'Not searched yet', color: 'gray' },
  ok: { label: 'OK', color: 'green' },
  invalid: { label: 'Refused by GDELT', color: 'red' },
  error: { label: 'Last search failed', color: 'orange' },
};

const count = (n: number) => n.toLocaleString('en-US');

function EnabledSwitch({ gdelt: g }: { gdelt: GdeltAttributes }) {
  const set = useSetGdeltEnabled();
  const checked = set.isPending && set.variables !== undefined ? set.variables : g.enabled;
  return (
    <Switch
      label="Search the alerts' queries in GDELT"
      aria-label="Search the alerts' queries in GDELT"
      description="Sends each distinct alert query to api.gdeltproject.org on the internet (no key, nothing about your organizations but the query)."
      checked={checked}
      disabled={set.isPending}
      onChange={(e) => set.mutate(e.currentTarget.checked)}
      classNames={{ description: secondary.secondary }}
    />
  );
}

function Refusal({ gdelt: g }: { gdelt: GdeltAttributes }) {
  if (g.backoff_until)
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="GDELT asked to slow down" role="alert">
        <Text size="sm" dir="auto">
          {g.last_refusal}
        </Text>
        <Text size="sm" mt={4}>
          No request is sent before {formatTime(g.backoff_until)} ({fromNow(g.backoff_until)}); the wait doubles at each refusal in a row.
        </Text>
      </Alert>
    );
  if (g.last_refusal_at)
    return (
      <Text size="sm" data-testid="gdelt-last-refusal">
        Last refusal {fromNow(g.last_refusal_at)}: <span dir="auto">{g.last_refusal}</span>
      </Text>
    );
  return null;
}

function Facts({ gdelt: g }: { gdelt: GdeltAttributes }) {
  return (
    <Text size="sm" data-testid="gdelt-facts">
      {count(g.requests_last_hour)} requests in the last hour (one every {g.interval_seconds} s at most) · {count(g.queries_total)} distinct queries for{' '}
      {count(g.alerts_searched)} alerts, each searched again every {g.refresh_minutes} min
      {g.alerts_unsupported > 0 ? ` · ${count(g.alerts_unsupported)} alerts GDELT cannot search (word beginnings, short words only)` : ''}
    </Text>
  );
}

function QueriesTable({ gdelt: g }: { gdelt: GdeltAttributes }) {
  if (g.queries.length === 0) return <Text size="sm">No alert query has been sent yet.</Text>;
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing="xs" fz="sm" miw={560} aria-label="GDELT queries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Query</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">Alerts</Table.Th>
            <Table.Th scope="col">Last searched</Table.Th>
            <Table.Th scope="col">Articles found</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {g.queries.map((q) => (
            <Table.Tr key={q.query}>
              <Table.Td>
                <Text size="sm" ff="monospace" dir="auto" style={{ wordBreak: 'break-word' }}>
                  {q.query}
                </Text>
                {q.last_error && (
                  <Text size="xs" c="red" dir="auto">
                    {q.last_error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_LABEL[q.state].color}>
                  {STATE_LABEL[q.state].label}
                </Badge>
              </Table.Td>
              <Table.Td>{count(q.alerts)}</Table.Td>
              <Table.Td>{q.last_searched_at ? fromNow(q.last_searched_at) : '—'}</Table.Td>
              <Table.Td>{count(q.articles_found)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * Websites → Source packs: GDELT discovery (issue 31), the world's news searched for the alerts'
 * queries beyond the outlet pool. For the operator's admins only; attribution as GDELT asks.
 */
export function GdeltPanel() {
  const allowed = useCan('operator.console');
  const gdelt = useGdelt(allowed);
  if (!allowed) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="gdelt-title">
      <Stack gap={2} mb="md">
        <Title order={2} id="gdelt-title" fz="lg">
          GDELT discovery
        </Title>
        <Text size="sm" className={secondary.secondary}>
          Finds the alerts' articles in the world's online news, beyond the outlets monitored here: each alert's query is searched in{' '}
          <Anchor href="https://www.gdeltproject.org/" target="_blank" rel="noopener noreferrer" underline="always">
            The GDELT Project
          </Anchor>
          's news index every 15 minutes. What it finds appears in the alerts' feeds marked "found via GDELT", and its outlets are suggested here.
        </Text>
      </Stack>
      {gdelt.isError ? (
        <Alert color="red" title={MSG.somethingWrong}>
          {gdelt.error.message}
          <Button size="xs" variant="light" color="red" ms="md" onClick={() => gdelt.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !gdelt.data ? (
        <Skeleton height={120} radius="md" />
      ) : (
        <Stack gap="md">
          <EnabledSwitch gdelt={gdelt.data} />
          <Refusal gdelt={gdelt.data} />
          <Facts gdelt={gdelt.data} />
          <QueriesTable gdelt={gdelt.data} />
          <Group gap={4} wrap="wrap">
            <Text size="xs" className={secondary.secondary}>
              Source: The GDELT Project (
              <Anchor href="https://www.gdeltproject.org/" target="_blank" rel="noopener noreferrer" size="xs" underline="always">
                gdeltproject.org
              </Anchor>
              ).
            </Text>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
