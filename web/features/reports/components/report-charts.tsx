import { useMemo } from 'react';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { formatVisitors } from '../../../../common/media-score';
import { languageName } from '../../../../common/reference';
import type { ReportStats } from '../api/types';
import { SvgChart, type ChartSeries } from '../../../components/svg-chart';
import secondary from '../../../components/secondary-text.module.css';
import classes from './report.module.css';

dayjs.extend(utc);

const BRAND = '#4851df';
const REACH = '#12b886';

/** Running sums, to one decimal. */
export function cumulative(values: number[]): number[] {
  let sum = 0;
  return values.map((v) => Math.round((sum += v) * 10) / 10);
}

function ChartCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" h="100%" className="cw-report-avoid-break">
      <Stack gap={2} mb="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {description && (
          <Text size="xs" className={secondary.secondary}>
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

function NoData() {
  return (
    <Text size="sm" c="dimmed" ta="center" py={60}>
      No articles in this period.
    </Text>
  );
}

/** Whether the trend's buckets are weeks (long periods) rather than days. */
export function isWeekly(trend: ReportStats['trend']): boolean {
  return trend.length > 1 && dayjs.utc(trend[1].date).diff(dayjs.utc(trend[0].date), 'day') >= 7;
}

/**
 * Articles a day or a week (bars) and, when the plan shows the outlets' traffic, the estimated
 * views they added up to over the period (line): a reach a PR person reads, where a running sum
 * of 0–10 media scores meant nothing to anyone.
 */
export function TrendChart({ stats, onDrawn }: { stats: ReportStats; onDrawn?: () => void }) {
  const weekly = isWeekly(stats.trend);
  const hasViews = stats.trend.some((d) => (d.estimated_views ?? 0) > 0);
  // The server sends every day (or week, for long periods) of the range, empty ones included.
  const categories = useMemo(
    () => stats.trend.map((d) => (weekly ? `Week of ${dayjs.utc(d.date).format('MMM D')}` : dayjs.utc(d.date).format('MMM D'))),
    [stats.trend, weekly],
  );
  const series = useMemo((): ChartSeries[] => {
    const days = stats.trend;
    const articles: ChartSeries = { name: 'Articles', kind: 'bar', values: days.map((d) => d.articles), color: BRAND };
    if (!hasViews) return [articles];
    const views = cumulative(days.map((d) => d.estimated_views ?? 0)).map(Math.round);
    return [
      articles,
      {
        name: 'Estimated views (cumulative)',
        kind: 'line',
        values: views,
        color: REACH,
        secondAxis: true,
        format: formatVisitors,
        area: { light: 'rgba(18,184,134,0.08)', dark: 'rgba(18,184,134,0.10)' },
      },
    ];
  }, [stats.trend, hasViews]);
  const bucket = weekly ? 'each week' : 'each day';
  const description = hasViews ? `Articles published ${bucket}, and their estimated views added up over the period` : `Articles published ${bucket}`;
  return (
    <ChartCard title="Coverage over time" description={description}>
      {stats.trend.length === 0 ? (
        <NoData />
      ) : (
        <div data-testid="trend-chart">
          <SvgChart
            categories={categories}
            series={series}
            height={280}
            label={hasViews ? `Articles ${bucket} and their estimated views` : `Articles ${bucket}`}
            legend
            barMaxWidth={22}
            onDrawn={onDrawn}
          />
        </div>
      )}
    </ChartCard>
  );
}

/** A column chart of article counts per category, largest first. */
function ColumnChart({
  title,
  description,
  rows,
  color,
  label,
  onDrawn,
}: {
  title: string;
  description: string;
  rows: { name: string; value: number }[];
  color: string;
  label: string;
  onDrawn?: () => void;
}) {
  const sorted = useMemo(() => [...rows].sort((a, b) => b.value - a.value), [rows]);
  const categories = useMemo(() => sorted.map((r) => r.name), [sorted]);
  const series = useMemo((): ChartSeries[] => [{ name: 'Articles', kind: 'bar', values: sorted.map((r) => r.value), color }], [sorted, color]);
  return (
    <ChartCard title={title} description={description}>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <SvgChart
          categories={categories}
          series={series}
          height={260}
          label={label}
          valueLabels={sorted.length <= 12}
          rotateLabels={sorted.length > 6}
          barRadius={4}
          onDrawn={onDrawn}
        />
      )}
    </ChartCard>
  );
}

/** The report's three charts: the trend on its own row, languages and tags side by side. */
/** `print` fixes the layout (the printed page is narrower than the screen the charts were drawn on). */
export function ReportCharts({ stats, print = false, onDrawn }: { stats: ReportStats; print?: boolean; onDrawn?: (chart: string) => void }) {
  const span = print ? 6 : { base: 12, md: 6 };
  // Stable rows: a new array would redraw the charts on every render.
  const languages = useMemo(() => stats.languages.map((l) => ({ name: languageName(l.language), value: l.articles })), [stats.languages]);
  const tags = useMemo(() => stats.tags.map((t) => ({ name: t.tag_name, value: t.articles })), [stats.tags]);
  return (
    <Stack gap="lg" className={classes.flow}>
      <TrendChart stats={stats} onDrawn={() => onDrawn?.('trend')} />
      {/* Printed, the two cards move to the next page together rather than one beside a gap. */}
      <div className="cw-report-avoid-break">
        <Grid gap="lg">
          <Grid.Col span={span}>
            <ColumnChart
              title="Languages"
              description="Articles per language"
              rows={languages}
              color="#7950f2"
              label="Articles per language"
              onDrawn={() => onDrawn?.('languages')}
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <ColumnChart title="Tags" description="Articles per tag" rows={tags} color="#228be6" label="Articles per tag" onDrawn={() => onDrawn?.('tags')} />
          </Grid.Col>
        </Grid>
      </div>
    </Stack>
  );
}

/** Which charts draw something: the ready mark waits for these (an empty chart draws nothing). */
export function chartsToDraw(stats: ReportStats): string[] {
  return [stats.trend.length ? 'trend' : null, stats.languages.length ? 'languages' : null, stats.tags.length ? 'tags' : null].filter(
    (x): x is string => x !== null,
  );
}
