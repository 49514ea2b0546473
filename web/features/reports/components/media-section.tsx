import { useMemo } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconArrowUpRight, IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import type { ReportStream, ReportVideo } from '../api/types';
import { formatHours, viewsGrowth } from '../lib/media-format';
import { streamRow, videoRow, type MediaRow } from '../lib/media-rows';
import { LocalTable } from './local-table';

const col = createColumnHelper<MediaRow>();

const NOT_SAMPLED = 'Not measured: the stream was not seen live';

/** A video's current views; below them the growth since it was found, in words (not colour alone). */
function VideoViews({ row }: { row: MediaRow }) {
  const growth = viewsGrowth(row.views, row.viewsAtFound, row.statsRefreshedAt);
  const read = row.statsRefreshedAt ? `, read again on ${formatDate(row.statsRefreshedAt)}` : '';
  return (
    <Stack gap={0} align="flex-end">
      <span title={`${formatCount(row.views)} views${read}`}>{formatAudience(row.views)}</span>
      {growth && (
        <Text
          size="xs"
          c="teal"
          fw={500}
          ta="right"
          lh={1.3}
          title={`${formatCount(growth.gained)} more than the ${formatCount(row.viewsAtFound)} views when it was found`}
          data-testid="views-growth"
        >
          <IconArrowUpRight size={12} aria-hidden style={{ verticalAlign: '-1px' }} />
          {growth.label} since found
        </Text>
      )}
    </Stack>
  );
}

/** A live metric of a stream: its text, or an en dash when the stream was never sampled. */
function Metric({ value, text, exact }: { value: number | undefined; text: string; exact: string }) {
  if (value === undefined)
    return (
      <Text span size="sm" c="dimmed" title={NOT_SAMPLED}>
        <span aria-hidden>–</span>
        <VisuallyHidden>Not measured</VisuallyHidden>
      </Text>
    );
  return <span title={exact}>{text}</span>;
}

/**
 * The columns of the report's Videos or Streams table. Streams add their live metrics (issue 30):
 * peak viewers and hours watched stay at every width (in the cards on phones too); the stream's
 * video views, then its date, step aside first when the table narrows, so the title keeps its room.
 * The printed report keeps every column, narrower (no sort buttons in their headers) and the title whole.
 */
function columns(kind: 'videos' | 'streams', print: boolean) {
  const streams = kind === 'streams';
  const width = (screen: number, printed: number) => (print ? printed : screen);
  const common = {
    title: col.accessor((v) => v.title, {
      id: 'title',
      header: streams ? 'Stream' : 'Video',
      cell: ({ row }) => {
        const r = row.original;
        const href = webHref(r.url);
        return (
          <Group gap="sm" wrap="nowrap" align="center">
            <MediaThumbnail src={r.thumbnail} platform={r.platform} alt="" width={96} height={54} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              {href ? (
                <Anchor
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  fw={500}
                  c="var(--mantine-color-text)"
                  underline="hover"
                  lineClamp={print ? undefined : 2}
                >
                  {r.title || r.url}
                </Anchor>
              ) : (
                <Text size="sm" lineClamp={print ? undefined : 2}>
                  {r.title || '–'}
                </Text>
              )}
              {r.removedAt && (
                <Badge
                  size="xs"
                  variant="light"
                  color="gray"
                  radius="sm"
                  w="fit-content"
                  title={`YouTube no longer shows this video (since ${formatDate(r.removedAt)}): its views are the last count read.`}
                  data-testid="removed-badge"
                >
                  Removed from YouTube
                </Badge>
              )}
            </Stack>
          </Group>
        );
      },
    }),
    channel: col.accessor((v) => v.channel, {
      id: 'channel',
      header: 'Channel',
      meta: { width: width(190, 160) },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{row.original.channel || '–'}</Text>
          <Text size="xs" c="dimmed" title={formatCount(row.original.audience)}>
            {formatAudience(row.original.audience)} {streams ? 'followers' : 'subscribers'}
          </Text>
        </Stack>
      ),
    }),
    views: col.accessor((v) => v.views, {
      id: 'views',
      header: 'Views',
      meta: streams ? { width: width(90, 80), align: 'right', priority: 3 } : { width: width(160, 120), align: 'right' },
      cell: (c) => (streams ? <span title={formatCount(c.getValue())}>{formatAudience(c.getValue())}</span> : <VideoViews row={c.row.original} />),
    }),
    date: col.accessor((v) => v.publishedAt, {
      id: 'date',
      header: 'Date',
      meta: streams ? { width: width(120, 110), priority: 2 } : { width: width(120, 110) },
      cell: (c) => formatDate(c.getValue() || null),
    }),
  };
  if (!streams) return [common.title, common.channel, common.views, common.date];
  return [
    common.title,
    common.channel,
    col.accessor((v) => v.peakViewers ?? undefined, {
      id: 'peak_viewers',
      header: 'Peak viewers',
      sortUndefined: 'last',
      meta: { width: width(150, 132), align: 'right' },
      cell: (c) => <Metric value={c.getValue()} text={formatAudience(c.getValue())} exact={`${formatCount(c.getValue())} viewers at the peak`} />,
    }),
    col.accessor((v) => v.hoursWatched ?? undefined, {
      id: 'hours_watched',
      header: 'Hours watched',
      sortUndefined: 'last',
      meta: { width: width(180, 150), align: 'right' },
      cell: (c) => (
        <Metric
          value={c.getValue()}
          text={formatHours(c.getValue())}
          exact={`${(c.getValue() ?? 0).toLocaleString('en', { maximumFractionDigits: 2 })} hours watched`}
        />
      ),
    }),
    common.views,
    common.date,
  ];
}
const COLUMNS = {
  videos: { screen: columns('videos', false), print: columns('videos', true) },
  streams: { screen: columns('streams', false), print: columns('streams', true) },
};

const COPY = {
  videos: {
    title: 'Videos',
    icon: <IconBrandYoutube size={22} />,
    color: 'red',
    empty: 'No videos in this report. Videos saved from the project’s YouTube feed during the period will show here.',
  },
  streams: {
    title: 'Streams',
    icon: <IconBrandTwitch size={22} />,
    color: 'grape',
    empty: 'No streams in this report. Streams saved from the project’s Twitch feed during the period will show here.',
  },
} as const;

type MediaSectionProps = { loading?: boolean; print?: boolean; /** Name the table (when videos and streams share the section). */ labelled?: boolean } & (
  { kind: 'videos'; items: ReportVideo[] } | { kind: 'streams'; items: ReportStream[] }
);

/**
 * A report's saved videos or streams: thumbnail, title linking to YouTube or Twitch, channel and its audience, views
 * (a video's current count and its growth since found), a stream's peak viewers and hours watched, date.
 */
export function MediaSection(props: MediaSectionProps) {
  const { kind, loading, print, labelled } = props;
  const copy = COPY[kind];
  const rows = useMemo(() => (props.kind === 'videos' ? props.items.map(videoRow) : props.items.map(streamRow)), [props.kind, props.items]);
  if (!loading && rows.length === 0)
    return (
      <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-body)" style={{ borderStyle: 'dashed' }} data-testid={`${kind}-empty`}>
        <Stack align="center" gap={6}>
          <ThemeIcon variant="light" color={copy.color} size={40} radius="xl">
            {copy.icon}
          </ThemeIcon>
          <Text fw={600} size="sm">
            {copy.title}
          </Text>
          <Text c="dimmed" size="sm" ta="center" maw={460}>
            {copy.empty}
          </Text>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap={6} data-testid={`${kind}-table`}>
      {labelled && (
        <Group gap={8}>
          <ThemeIcon variant="light" color={copy.color} size={26} radius="md">
            {kind === 'videos' ? <IconBrandYoutube size={16} /> : <IconBrandTwitch size={16} />}
          </ThemeIcon>
          <Text fw={600} size="sm">
            {copy.title}
          </Text>
        </Group>
      )}
      <LocalTable<MediaRow>
        rows={rows}
        columns={COLUMNS[kind][print ? 'print' : 'screen']}
        loading={loading}
        pageSize={10}
        showAll={print}
        aria-label={copy.title}
      />
    </Stack>
  );
}
