import { useMemo } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { COVERAGE_SOURCES, type CoverageAttributes, type CoverageSource } from '../../../../common/schemas/coverage';
import type { SteamApp, SteamEvent } from '../../../../common/schemas/steam';
import secondary from '../../../components/secondary-text.module.css';
import { appName, dayLabel, dayLong, STACKED_CHART_GUTTER } from '../../../components/steam/steam-format';
import { SvgChart, type ChartMarker, type ChartSeries } from '../../../components/svg-chart';

/** Each source's name and colour (the report charts' palette: the brand's indigo for the press). */
export const SOURCE = {
  press: { name: 'Press', color: '#4851df' },
  gdelt: { name: 'GDELT', color: '#15aabf' },
  youtube: { name: 'YouTube', color: '#fa5252' },
  twitch: { name: 'Twitch', color: '#9775fa' },
} as const satisfies Record<CoverageSource, { name: string; color: string }>;

/** How the chart's subtitle names each series. */
const SOURCE_WORDS: Record<string, string> = { Press: 'press articles', GDELT: 'GDELT finds', YouTube: 'videos', Twitch: 'streams' };
const listOf = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** One stacked bar series per source the project has, in the catalogue's order. */
export function coverageSeries(coverage: Pick<CoverageAttributes, 'days' | 'sources'>): ChartSeries[] {
  return COVERAGE_SOURCES.filter((s) => coverage.sources.includes(s)).map((s) => ({
    name: SOURCE[s].name,
    kind: 'bar',
    values: coverage.days.map((d) => d[s]),
    color: SOURCE[s].color,
  }));
}

/** The announcements as flags on their days (those outside the period are left out). */
export function eventMarkers(days: CoverageAttributes['days'], events: SteamEvent[], apps: SteamApp[]): ChartMarker[] {
  const index = new Map(days.map((d, i) => [d.day, i]));
  const byId = new Map(apps.map((a) => [a.app_id, a]));
  return events.filter((e) => index.has(e.day)).map((e) => ({ index: index.get(e.day)!, label: `${appName(byId.get(e.app_id), e.app_id)}: ${e.title}` }));
}

export interface CoverageChartProps {
  coverage: CoverageAttributes;
  /** The project's Steam announcements, flagged on their days. */
  events?: SteamEvent[];
  apps?: SteamApp[];
  height?: number;
  onDrawn?: () => void;
}

/**
 * "Coverage over time": what the project's feeds found each day, a stacked bar per source it has
 * (press, GDELT, YouTube, Twitch), with a flag on each day the developer posted on Steam.
 */
export function CoverageChart({ coverage, events = [], apps = [], height = 280, onDrawn }: CoverageChartProps) {
  const categories = useMemo(() => coverage.days.map((d) => dayLabel(d.day)), [coverage.days]);
  const series = useMemo(() => coverageSeries(coverage), [coverage]);
  const markers = useMemo(() => eventMarkers(coverage.days, events, apps), [coverage.days, events, apps]);
  const total = series.reduce((n, s) => n + s.values.reduce((a, b) => a + b, 0), 0);
  const period = `${dayLong(coverage.period.from)} to ${dayLong(coverage.period.to)}`;
  const flagged = markers.length ? `, ${markers.length === 1 ? 'one Steam announcement' : `${markers.length} Steam announcements`} flagged` : '';
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" data-testid="coverage-chart">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md">
            Coverage over time
          </Title>
          <Text size="sm" className={secondary.secondary}>
            {series.length === 0
              ? 'The project has no alert or feed yet: its coverage appears here once one is set up.'
              : total === 0
                ? 'No coverage yet in this period.'
                : `Each day’s ${listOf(series.map((s) => SOURCE_WORDS[s.name]))} found for the project${markers.length ? '; flags mark the developer’s Steam announcements' : ''}.`}
          </Text>
        </Stack>
        <SvgChart
          categories={categories}
          series={series}
          height={height}
          label={`Coverage each day by source, ${period}${flagged}`}
          legend={series.length > 0}
          stacked
          barMaxWidth={22}
          markers={markers}
          gutter={STACKED_CHART_GUTTER}
          onDrawn={onDrawn}
        />
      </Stack>
    </Paper>
  );
}
