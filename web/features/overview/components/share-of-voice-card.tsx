import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SvgChart } from '../../../components/svg-chart';
import secondary from '../../../components/secondary-text.module.css';
import type { OverviewAttributes } from '../api/overview';
import { count, feedLink, supersearchLink } from '../lib/overview-links';
import { OverviewCard } from './overview-card';

const share = (n: number, total: number) => (total > 0 ? `${Math.round((n / total) * 100)}%` : '–');

/**
 * The project's press coverage beside each competitor's Super Search count over the period, as
 * bars and as a table of links (the chart is one picture to assistive technology). Without
 * competitors, a sentence and the way to set them.
 */
export function ShareOfVoiceCard({
  overview,
  projectId,
  projectName,
  onSetCompetitors,
}: {
  overview: OverviewAttributes;
  projectId: string;
  projectName: string;
  onSetCompetitors?: () => void;
}) {
  const sov = overview.share_of_voice;
  const rows = [
    { key: 'own', name: projectName, n: sov.own, to: feedLink(projectId, overview) },
    ...sov.competitors.map((c, i) => ({
      key: `c${i}`,
      name: c.name,
      n: c.count,
      to: supersearchLink(projectId, c.query, sov.search_from, overview.period.to),
    })),
  ];
  const total = rows.reduce((s, r) => s + (r.n ?? 0), 0);
  const setButton = onSetCompetitors && (
    <Button variant="light" size="xs" leftSection={<IconSettings size={14} />} onClick={onSetCompetitors}>
      {sov.competitors.length ? 'Edit competitors' : 'Set competitors'}
    </Button>
  );
  return (
    <OverviewCard title="Share of voice" caption="The project’s press coverage against its competitors’ in the archive" testId="overview-share-of-voice">
      {sov.competitors.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">No competitors are set for this project. Name up to five, each with the Super Search query that finds its coverage.</Text>
          {setButton}
        </Stack>
      ) : !sov.available ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Comparing with competitors comes with the Pro and Agency plans.</Text>
          <Anchor component={Link} to="?upgrade=plans" size="sm">
            See the plans
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm">
          <SvgChart
            categories={rows.map((r) => r.name)}
            series={[{ name: 'Articles', kind: 'bar', values: rows.map((r) => r.n ?? 0), color: 'var(--mantine-color-indigo-6)', format: count }]}
            height={180}
            valueLabels
            labelWidth={56}
            label={`Share of voice: ${rows.map((r) => `${r.name} ${r.n === null ? 'not counted' : count(r.n)}`).join(', ')}`}
          />
          <Table verticalSpacing={4} fz="sm" data-testid="share-of-voice-table">
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td style={{ maxWidth: 0, width: '100%' }}>
                    <Anchor component={Link} to={r.to} truncate="end" display="block">
                      {r.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {r.n === null ? 'Not counted' : count(r.n)}
                  </Table.Td>
                  <Table.Td ta="end" className={secondary.secondary} style={{ whiteSpace: 'nowrap' }}>
                    {r.n === null ? '' : share(r.n, total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {sov.search_from > overview.period.from && (
            <Text size="xs" className={secondary.secondary}>
              {`Competitors are counted from ${sov.search_from}, the furthest back your plan’s Super Search reaches.`}
            </Text>
          )}
          <Group justify="flex-end">{setButton}</Group>
        </Stack>
      )}
    </OverviewCard>
  );
}
