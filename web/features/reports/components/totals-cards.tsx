import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconBroadcast, IconClockPlay, IconEye, IconNews, IconStack2, IconTrendingUp, IconUsers } from '@tabler/icons-react';
import { formatVisitors } from '../../../../common/media-score';
import { reachBasis } from '../../../../common/schemas/reports';
import type { ReportTotals } from '../api/types';
import { formatNumber } from '../lib/format';
import { formatHours } from '../lib/media-format';
import { HoverTooltip } from '../../../components/hover-tooltip';
import secondary from '../../../components/secondary-text.module.css';

interface TotalCardProps {
  label: string;
  value: string;
  hint: string;
  /** How the figure is made, printed under it (the PDF has no tooltips). */
  basis?: string;
  icon: ReactNode;
  color: string;
}

const testId = (label: string) => label.toLowerCase().replace(/\W+/g, '-');

function TotalCard({ label, value, hint, basis, icon, color }: TotalCardProps) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" className="cw-report-avoid-break">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <HoverTooltip label={hint} multiline w={240}>
            <Text fz={30} fw={750} lh={1.2} mt={6} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${testId(label)}`}>
              {value}
            </Text>
          </HoverTooltip>
          {basis && (
            <Text size="xs" className={secondary.secondary} mt={6} lh={1.4} data-testid={`basis-${testId(label)}`}>
              {basis}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/**
 * Columns of the cards' grid: up to four in a row; five or six as rows of three (five in one
 * row on wide screens, unless cards carry a basis in words, which a fifth of the width would
 * wrap into a column of short lines); seven as four and three, eight as two rows of four.
 * Never one card alone on a row.
 */
export function totalsColumns(cards: number, opts: { withBasis?: boolean } = {}): { mid: number; wide: number } {
  const mid = cards >= 7 ? 4 : cards > 4 ? 3 : cards;
  return { mid, wide: cards === 5 && !opts.withBasis ? 5 : mid };
}

/** The streams' live totals in words, under their hours watched: the peak at one moment and the channels. */
export function streamsBasis(totals: Pick<ReportTotals, 'streams' | 'stream_peak_viewers' | 'stream_channels'>): string {
  const streams = totals.streams ?? 0;
  const channels = totals.stream_channels ?? 0;
  const peak = totals.stream_peak_viewers ?? 0;
  const of = `${formatNumber(streams)} ${streams === 1 ? 'stream' : 'streams'} from ${formatNumber(channels)} ${channels === 1 ? 'channel' : 'channels'}`;
  return peak > 0 ? `Peak of ${formatNumber(peak)} viewers at once across ${of}.` : `${of[0].toUpperCase()}${of.slice(1)}.`;
}

/**
 * The report's key figures: articles, outlets, the average media score (0.1–10, the spec's scale),
 * the potential reach (the outlets' monthly visitors) and the estimated views (a share of them
 * per article), each of the last two with its basis in words, when known; with videos and streams,
 * their views, and the streams' hours watched with their peak concurrent viewers and channels.
 * The sum of the scores (the report's `total-reach`) is not shown: "280.6" beside "1.1B" reads
 * as a reach and means nothing.
 */
export function TotalsCards({ totals, print = false }: { totals: ReportTotals; print?: boolean }) {
  // Outlets without traffic data count 0: a sum of 0 means nothing is known, not no readers.
  const hasUmv = !!totals.umv && totals.umv > 0;
  // Older payloads (a cached preview) carry no estimated views: the card stays hidden.
  const hasViews = !!totals.estimated_views && totals.estimated_views > 0;
  const basis = reachBasis(totals);
  // Older payloads (a cached preview) carry only the sum.
  const average = totals.average_score ?? (totals.articles ? totals.reach / totals.articles : 0);
  // Videos and streams get their cards only when the report holds some (the wizard's preview has none).
  const videos = totals.videos ?? 0;
  const streams = totals.streams ?? 0;
  // The streams' live metrics once some stream was sampled while live (older payloads carry none).
  const hasLive = streams > 0 && ((totals.stream_hours_watched ?? 0) > 0 || (totals.stream_peak_viewers ?? 0) > 0);
  // Older payloads (a report cached before stories) carry no unique stories: the card stays hidden.
  const hasStories = totals.unique_stories !== undefined && totals.articles > 0;
  const cards = 3 + (hasStories ? 1 : 0) + (hasUmv ? 1 : 0) + (hasViews ? 1 : 0) + (videos > 0 ? 1 : 0) + (streams > 0 ? 1 : 0) + (hasLive ? 1 : 0);
  const { mid, wide } = totalsColumns(cards, { withBasis: hasUmv || hasViews || hasLive });
  return (
    <SimpleGrid cols={print ? mid : { base: 1, xs: 2, md: mid, lg: wide }} spacing="lg">
      <TotalCard label="Articles" value={formatNumber(totals.articles)} hint="Articles published in the period" icon={<IconNews size={22} />} color="brand" />
      {hasStories && (
        <TotalCard
          label="Unique stories"
          value={formatNumber(totals.unique_stories ?? 0)}
          hint="The articles counted once per story: a syndicated piece or a press release run by twelve outlets is one story"
          icon={<IconStack2 size={22} />}
          color="indigo"
        />
      )}
      <TotalCard
        label="Media outlets"
        value={formatNumber(totals.media)}
        hint="Distinct outlets that covered it"
        icon={<IconBroadcast size={22} />}
        color="violet"
      />
      <TotalCard
        label="Average media score"
        value={totals.articles ? `${average.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 10` : '–'}
        hint="The outlets' media score (0.1 to 10, from their traffic ranking), averaged over the articles"
        icon={<IconTrendingUp size={22} />}
        color="teal"
      />
      {hasUmv && (
        <TotalCard
          label="Potential reach"
          value={formatVisitors(totals.umv)}
          hint="The outlets' unique monthly visitors, added up per article: how many people could have seen the coverage"
          basis={basis.potentialReach}
          icon={<IconUsers size={22} />}
          color="orange"
        />
      )}
      {hasViews && (
        <TotalCard
          label="Estimated views"
          value={formatVisitors(totals.estimated_views)}
          hint="How many times the articles themselves were likely read: an estimate from each outlet's traffic, not a measured count"
          basis={basis.estimatedViews}
          icon={<IconEye size={22} />}
          color="cyan"
        />
      )}
      {videos > 0 && (
        <TotalCard
          label="Video views"
          value={formatVisitors(totals.video_views ?? 0)}
          hint={`Views of the report's ${formatNumber(videos)} ${videos === 1 ? 'video' : 'videos'} on YouTube`}
          icon={<IconBrandYoutube size={22} />}
          color="red"
        />
      )}
      {streams > 0 && (
        <TotalCard
          label="Stream views"
          value={formatVisitors(totals.stream_views ?? 0)}
          hint={`Views of the report's ${formatNumber(streams)} ${streams === 1 ? 'stream' : 'streams'} on Twitch`}
          icon={<IconBrandTwitch size={22} />}
          color="grape"
        />
      )}
      {hasLive && (
        <TotalCard
          label="Hours watched"
          value={formatHours(totals.stream_hours_watched ?? 0)}
          hint="Viewers × time live, added up over the report's streams, from Twitch's viewer counts sampled while they were live"
          basis={streamsBasis(totals)}
          icon={<IconClockPlay size={22} />}
          color="grape"
        />
      )}
    </SimpleGrid>
  );
}
