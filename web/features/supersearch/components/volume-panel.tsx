import { Alert, Badge, ColorSwatch, Grid, Group, Paper, Progress, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { truncate } from '../../../lib/text';
import type { SearchRun, VolumeResult } from '../api/supersearch';
import { isCountTimeout } from '../lib/total';
import { chartData, shareOfVoice, type VolumeSeries } from '../lib/volume';
import { CompetitorsUpgradeHint } from './competitors-editor';
import { useSeriesColors } from './series-colors';
import { VolumeChart } from './volume-chart';

interface Props {
  run: SearchRun;
  /** The main query's volume first, then each competitor's (same order as run.competitors). */
  volumes: UseQueryResult<VolumeResult>[];
  competitorsAllowed: boolean;
}

export const MAIN_LABEL = 'Your search';
const INTERVAL_WORD = { day: 'per day', week: 'per week', month: 'per month' } as const;

const isPlanLimit = (err: unknown) => err instanceof ApiError && (err.code === 'plan_limit' || err.status === 403);

/**
 * The volume chart with the competitor lines, and the share of voice next to it when
 * competitors are allowed and were searched.
 */
export function VolumePanel({ run, volumes, competitorsAllowed }: Props) {
  const colors = useSeriesColors();
  const [main, ...rivals] = volumes;
  const labelOf = (i: number) => (i === 0 ? MAIN_LABEL : truncate(run.competitors[i - 1]?.search ?? '', 40));
  const loaded: VolumeSeries[] = volumes.flatMap((v, i) =>
    v.data ? [{ index: i === 0 ? 0 : run.competitors[i - 1].index, label: labelOf(i), points: v.data.points, total: v.data.total }] : [],
  );
  const interval = main?.data?.interval ?? 'day';
  const data = chartData(loaded, interval);
  const blocked = rivals.some((r) => isPlanLimit(r.error));
  const failedRivals = rivals.filter((r) => r.error && !isPlanLimit(r.error)).length;
  const showShare = competitorsAllowed && run.competitors.length > 0;
  const share = shareOfVoice(loaded);

  const chart = (
    <Paper component="section" withBorder radius="md" p="md" shadow="xs" h="100%" aria-label="Volume">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <IconChartLine size={18} color="var(--mantine-color-dimmed)" />
          <Title order={2} size="h4">
            Volume
          </Title>
          {main?.data && (
            <Badge variant="default" radius="sm" data-testid="volume-interval">
              {INTERVAL_WORD[interval]}
            </Badge>
          )}
        </Group>
        {main?.data && (
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {main.data.total.toLocaleString('en')} articles
          </Text>
        )}
      </Group>
      {main?.isPending ? (
        <Skeleton height={300} radius="md" data-testid="volume-loading" />
      ) : isCountTimeout(main?.error) ? (
        // The results below are whole (their page came first); only the count ran out of time.
        <Alert color="yellow" variant="light" role="alert" data-testid="volume-timeout">
          {MSG.supersearch.countTimeout}
        </Alert>
      ) : main?.error ? (
        <Alert color="red" variant="light" role="alert">
          {(main.error as Error).message}
        </Alert>
      ) : loaded.every((s) => s.total === 0) ? (
        <Stack align="center" justify="center" gap={6} mih={160} data-testid="volume-empty">
          <IconChartLine size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            No articles matched in this period.
          </Text>
        </Stack>
      ) : (
        <VolumeChart data={data} interval={interval} colors={colors} />
      )}
      {failedRivals > 0 && (
        <Text size="xs" c="red" mt="xs">
          {failedRivals === 1 ? 'One competitor query' : `${failedRivals} competitor queries`} could not be loaded.
        </Text>
      )}
    </Paper>
  );

  if (!showShare) return chart;
  return (
    <Grid gap="md" align="stretch">
      <Grid.Col span={{ base: 12, lg: 8 }}>{chart}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper component="section" withBorder radius="md" p="md" shadow="xs" h="100%" aria-label="Share of voice">
          <Title order={2} size="h4" mb={4}>
            Share of voice
          </Title>
          <Text size="xs" c="dimmed" mb="md">
            Each query&apos;s share of all the articles the queries found in the period.
          </Text>
          {blocked ? (
            <CompetitorsUpgradeHint />
          ) : volumes.some((v) => v.isPending) ? (
            <Stack gap="sm">
              {volumes.map((_, i) => (
                <Skeleton key={i} height={34} radius="sm" />
              ))}
            </Stack>
          ) : (
            <Stack gap="md" data-testid="share-of-voice">
              {share.map((s) => (
                <Stack key={s.index} gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                      <ColorSwatch size={12} color={colors[s.index % colors.length]} withShadow={false} />
                      <Tooltip
                        label={s.index === 0 ? run.filters.search : (run.competitors.find((c) => c.index === s.index)?.search ?? s.label)}
                        multiline
                        maw={360}
                      >
                        <Text size="sm" fw={s.index === 0 ? 600 : 500} truncate="end" dir="auto">
                          {s.label}
                        </Text>
                      </Tooltip>
                    </Group>
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {s.percent.toFixed(1)}%
                    </Text>
                  </Group>
                  <Progress value={s.percent} color={colors[s.index % colors.length]} size="sm" aria-label={`${s.label}: ${s.percent.toFixed(1)}%`} />
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {s.total.toLocaleString('en')} articles
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
