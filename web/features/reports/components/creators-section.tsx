import { Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { ChannelCell, twitchChannelUrl, youtubeChannelUrl } from '../../../components/media/channel-cell';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import type { ReportCreators, ReportTwitchCreator, ReportYoutubeCreator } from '../api/creators';
import { formatHours } from '../lib/media-format';
import { LocalTable } from './local-table';
import { ReportSection } from './report-section';

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Whether the report has creators to rank (the section shows only then). */
export const hasCreators = (c: ReportCreators | null | undefined): c is ReportCreators => !!c && c.twitch.length + c.youtube.length > 0;

/** A count, or an en dash when there is none (a broadcaster whose streams were never sampled). */
function Count({ value, unit }: { value: number | null; unit: string }) {
  if (value === null)
    return (
      <Text span size="sm" c="dimmed" title="Not measured: no stream was seen live">
        <span aria-hidden>–</span>
        <VisuallyHidden>Not measured</VisuallyHidden>
      </Text>
    );
  return (
    <Text span size="sm" style={nowrap} title={`${formatCount(value)} ${unit}`}>
      {formatAudience(value)}
    </Text>
  );
}

const rank = { id: 'rank', header: '#', meta: { width: 52, align: 'right' as const, label: 'Rank' } };
const rankCell = (value: number) => (
  <Text span size="sm" fw={600} style={nowrap}>
    {value}
  </Text>
);

const tw = createColumnHelper<ReportTwitchCreator>();
/** Rank, channel, hours watched and peak viewers at every width; streams step aside first (never in print). */
const twitchColumns = (print: boolean) => [
  tw.accessor('rank', { ...rank, cell: (c) => rankCell(c.getValue()) }),
  tw.accessor('broadcaster_name', {
    header: 'Channel',
    meta: { primary: true },
    cell: ({ row: { original: r } }) => (
      <ChannelCell
        name={r.broadcaster_name}
        image={r.profile_image_url}
        href={twitchChannelUrl(r.broadcaster_login)}
        audience={r.followers}
        noun="followers"
        eager={print}
      />
    ),
  }),
  tw.accessor('hours_watched', {
    header: 'Hours watched',
    meta: { width: print ? 132 : 148, align: 'right' },
    cell: (c) => (
      <Text span size="sm" style={nowrap} title={`${c.getValue().toLocaleString('en', { maximumFractionDigits: 2 })} hours watched`}>
        {formatHours(c.getValue())}
      </Text>
    ),
  }),
  tw.accessor('peak_viewers', {
    header: 'Peak viewers',
    meta: { width: print ? 120 : 136, align: 'right' },
    cell: (c) => <Count value={c.getValue()} unit="viewers at the peak" />,
  }),
  tw.accessor('streams', {
    header: 'Streams',
    meta: { width: print ? 88 : 104, align: 'right', priority: 2 },
    cell: (c) => (
      <Text span size="sm" style={nowrap}>
        {formatCount(c.getValue())}
      </Text>
    ),
  }),
];

const yt = createColumnHelper<ReportYoutubeCreator>();
/** Rank, channel and views at every width; videos step aside first (never in print). */
const youtubeColumns = (print: boolean) => [
  yt.accessor('rank', { ...rank, cell: (c) => rankCell(c.getValue()) }),
  yt.accessor('channel_title', {
    header: 'Channel',
    meta: { primary: true },
    cell: ({ row: { original: r } }) => (
      <ChannelCell
        name={r.channel_title}
        image={r.thumbnail}
        href={youtubeChannelUrl(r.channel_id)}
        audience={r.subscribers}
        noun="subscribers"
        eager={print}
      />
    ),
  }),
  yt.accessor('views', {
    header: 'Views',
    meta: { width: print ? 104 : 120, align: 'right' },
    cell: (c) => <Count value={c.getValue()} unit="views" />,
  }),
  yt.accessor('videos', {
    header: 'Videos',
    meta: { width: print ? 88 : 104, align: 'right', priority: 2 },
    cell: (c) => (
      <Text span size="sm" style={nowrap}>
        {formatCount(c.getValue())}
      </Text>
    ),
  }),
];

const COLUMNS = {
  twitch: { screen: twitchColumns(false), print: twitchColumns(true) },
  youtube: { screen: youtubeColumns(false), print: youtubeColumns(true) },
};

const PLATFORM = {
  twitch: { title: 'Twitch', icon: <IconBrandTwitch size={16} />, color: 'grape', noun: 'broadcasters', by: 'hours watched' },
  youtube: { title: 'YouTube', icon: <IconBrandYoutube size={16} />, color: 'red', noun: 'channels', by: 'views' },
} as const;

function PlatformTable<T extends { id: string }>(props: {
  platform: keyof typeof PLATFORM;
  rows: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column (as LocalTable's)
  columns: ColumnDef<T, any>[];
  /** How many creators the platform's whole board has. */
  total: number;
}) {
  const p = PLATFORM[props.platform];
  const more = props.total > props.rows.length ? ` · top ${props.rows.length} of ${formatCount(props.total)} ${p.noun}` : '';
  return (
    <Stack gap={6} data-testid={`creators-${props.platform}`}>
      <Group gap={8}>
        <ThemeIcon variant="light" color={p.color} size={26} radius="md">
          {p.icon}
        </ThemeIcon>
        <Text fw={600} size="sm">
          {p.title}
        </Text>
        <Text size="xs" c="dimmed">
          by {p.by}
          {more}
        </Text>
      </Group>
      {/* At most ten rows, already ranked: one page, no sorting. */}
      <LocalTable<T> rows={props.rows} columns={props.columns} showAll aria-label={`Top ${p.title} creators`} />
    </Stack>
  );
}

/**
 * "Top creators": the channels behind the report's saved streams (Twitch, by hours watched) and
 * videos (YouTube, by views), each platform a compact ranked table. The caller shows it only when
 * the report keeps `show_creators` and there is someone to rank.
 */
export function CreatorsSection({ creators, print = false }: { creators: ReportCreators; print?: boolean }) {
  return (
    <ReportSection title="Top creators" subtitle="The channels behind this report’s streams and videos, ranked by their audience." testId="creators-section">
      {creators.twitch.length > 0 && (
        <PlatformTable platform="twitch" rows={creators.twitch} columns={COLUMNS.twitch[print ? 'print' : 'screen']} total={creators.meta.twitch.creators} />
      )}
      {creators.youtube.length > 0 && (
        <PlatformTable
          platform="youtube"
          rows={creators.youtube}
          columns={COLUMNS.youtube[print ? 'print' : 'screen']}
          total={creators.meta.youtube.creators}
        />
      )}
    </ReportSection>
  );
}
