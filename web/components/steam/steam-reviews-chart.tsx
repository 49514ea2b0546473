import { useMemo } from 'react';
import { Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { SteamSummaryAttributes } from '../../../common/schemas/steam';
import secondary from '../secondary-text.module.css';
import { SvgChart, type ChartGutter, type ChartSeries } from '../svg-chart';
import { SteamAppList } from './steam-app-list';
import { dayLabel, dayLong, formatPercent, reviewTotalsLine, STACKED_CHART_GUTTER } from './steam-format';

const REVIEWS = '#228be6';
const POSITIVE = '#12b886';

/** The chart's two series: reviews a day (bars) and the share positive (0–100 %, a gap on a day without reviews). */
export function reviewSeries(reviews: SteamSummaryAttributes['reviews']): ChartSeries[] {
  return [
    { name: 'Reviews', kind: 'bar', values: reviews.map((d) => d.reviews), color: REVIEWS },
    {
      name: 'Positive',
      kind: 'line',
      values: reviews.map((d) => (d.share_positive === null ? Number.NaN : Math.round(d.share_positive * 1000) / 10)),
      color: POSITIVE,
      secondAxis: true,
      format: formatPercent,
      axisMax: 100,
    },
  ];
}

export interface SteamReviewsChartProps {
  summary: SteamSummaryAttributes;
  /** The heading level of the card (2 on a screen, 3 inside a report's section). */
  titleOrder?: TitleOrder;
  height?: number;
  /** The room on each side of the plot: the coverage chart's above it, so their days line up. */
  gutter?: ChartGutter;
  onDrawn?: () => void;
}

/**
 * "Steam reviews": each day's reviews (bars) and share positive (line, second axis) over the
 * period, the period's totals, and each followed app with its all-time summary or its state.
 */
export function SteamReviewsChart({ summary, titleOrder = 2, height = 220, gutter = STACKED_CHART_GUTTER, onDrawn }: SteamReviewsChartProps) {
  const categories = useMemo(() => summary.reviews.map((d) => dayLabel(d.day)), [summary.reviews]);
  const series = useMemo(() => reviewSeries(summary.reviews), [summary.reviews]);
  // Nothing read yet: the apps say so, and an empty chart would only repeat it.
  const unread = summary.apps.every((a) => a.state === 'pending' || a.state === 'not_found') && summary.totals.reviews === 0;
  // Days before the first one read count nothing because nobody looked, not because nobody wrote.
  const since = summary.reviews_since && summary.reviews_since > summary.period.from ? summary.reviews_since : null;
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" className="cw-report-avoid-break" data-testid="steam-reviews">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={titleOrder} fz="md">
            Steam reviews
          </Title>
          <Text size="sm" className={secondary.secondary} data-testid="steam-review-totals">
            {reviewTotalsLine(summary.totals)}
          </Text>
        </Stack>
        <SteamAppList apps={summary.apps} />
        {since && (
          <Text size="xs" className={secondary.secondary} data-testid="steam-reviews-since">
            Reviews are read from {dayLong(since)}: the days before it count none because they were not read, not because there were none.
          </Text>
        )}
        {!unread && summary.reviews.length > 0 && (
          <SvgChart
            categories={categories}
            series={series}
            height={height}
            label={`Steam reviews each day and the share positive, ${dayLong(summary.period.from)} to ${dayLong(summary.period.to)}`}
            legend
            barMaxWidth={22}
            gutter={gutter}
            onDrawn={onDrawn}
          />
        )}
      </Stack>
    </Paper>
  );
}
