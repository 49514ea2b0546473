import { Anchor, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { Row } from '../../../components/data-table/data-table';
import { ChannelCell, twitchChannelUrl, youtubeChannelUrl } from '../../../components/media/channel-cell';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import type { TwitchCreatorAttributes, YoutubeCreatorAttributes } from '../api/creators';
import { formatAirtime, formatHours } from '../lib/format';

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function Count({ value, unit, missing = 'Not sampled' }: { value: number | null; unit: string; missing?: string }) {
  return (
    <Text size="sm" style={nowrap} title={value === null ? missing : `${formatCount(value)} ${unit}`}>
      {value === null ? '–' : formatAudience(value)}
    </Text>
  );
}

function TopItem({ title, url, detail }: { title: string; url: string | null; detail?: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor href={webHref(url)} target="_blank" rel="noopener noreferrer" size="sm" truncate="end" title={title} dir="auto">
        {title || '–'}
      </Anchor>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

const rankColumn = <T extends { rank: number }>() =>
  createColumnHelper<Row<T>>().accessor((r) => r.rank, {
    id: 'rank',
    header: 'Rank',
    meta: { width: 64, align: 'right' },
    cell: (c) => (
      <Text size="sm" fw={600} style={nowrap}>
        {c.getValue()}
      </Text>
    ),
  });

const tw = createColumnHelper<Row<TwitchCreatorAttributes>>();

/**
 * The Twitch board: rank, the broadcaster (avatar, name, followers; sorted by followers), hours
 * watched, peak and average viewers, streams, then airtime, the top stream and the last stream,
 * which step aside first so the channel keeps its room at 1280 px.
 */
export function twitchColumns() {
  return [
    rankColumn<TwitchCreatorAttributes>(),
    tw.accessor('broadcaster_name', {
      header: 'Channel / followers',
      meta: { primary: true, sortField: 'followers' },
      cell: ({ row }) => (
        <ChannelCell
          name={row.original.broadcaster_name}
          image={row.original.profile_image_url}
          href={twitchChannelUrl(row.original.broadcaster_login)}
          audience={row.original.followers}
          noun="followers"
        />
      ),
    }),
    tw.accessor('hours_watched', {
      header: 'Hours watched',
      meta: { sortField: 'hours_watched', width: 148, align: 'right' },
      cell: (c) => (
        <Text size="sm" style={nowrap} title={`${c.getValue().toLocaleString('en', { maximumFractionDigits: 2 })} hours watched`}>
          {formatHours(c.getValue())}
        </Text>
      ),
    }),
    tw.accessor('peak_viewers', {
      header: 'Peak viewers',
      meta: { sortField: 'peak_viewers', width: 136, align: 'right', priority: 2 },
      cell: (c) => <Count value={c.getValue()} unit="viewers at the peak" />,
    }),
    tw.accessor('average_viewers', {
      header: 'Avg viewers',
      meta: { sortField: 'average_viewers', width: 128, align: 'right', priority: 2 },
      cell: (c) => <Count value={c.getValue()} unit="viewers on average" />,
    }),
    tw.accessor('streams', {
      header: 'Streams',
      meta: { sortField: 'streams', width: 108, align: 'right', priority: 2 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatCount(c.getValue())}
        </Text>
      ),
    }),
    tw.accessor('airtime', {
      header: 'Airtime',
      meta: { width: 112, align: 'right', priority: 3 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatAirtime(c.getValue())}
        </Text>
      ),
    }),
    tw.accessor((r) => r.top_stream.title, {
      id: 'top_stream',
      header: 'Top stream',
      meta: { width: 200, priority: 3 },
      cell: ({ row }) => <TopItem title={row.original.top_stream.title} url={row.original.top_stream.url} />,
    }),
    tw.accessor('last_stream_at', {
      header: 'Last stream',
      meta: { width: 112, priority: 3 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatDate(c.getValue())}
        </Text>
      ),
    }),
  ];
}

const yt = createColumnHelper<Row<YoutubeCreatorAttributes>>();

/** The YouTube board: rank, the channel (avatar, title, subscribers), views, videos, the top video and the last video. */
export function youtubeColumns() {
  return [
    rankColumn<YoutubeCreatorAttributes>(),
    yt.accessor('channel_title', {
      header: 'Channel / subscribers',
      meta: { primary: true, sortField: 'subscribers' },
      cell: ({ row }) => (
        <ChannelCell
          name={row.original.channel_title}
          image={row.original.thumbnail}
          href={youtubeChannelUrl(row.original.channel_id)}
          audience={row.original.subscribers}
          noun="subscribers"
          unknown="Subscribers hidden"
        />
      ),
    }),
    yt.accessor('views', {
      header: 'Views',
      meta: { sortField: 'views', width: 112, align: 'right' },
      cell: (c) => <Count value={c.getValue()} unit="views" />,
    }),
    yt.accessor('videos', {
      header: 'Videos',
      meta: { sortField: 'videos', width: 104, align: 'right', priority: 2 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatCount(c.getValue())}
        </Text>
      ),
    }),
    yt.accessor((r) => r.top_video.title, {
      id: 'top_video',
      header: 'Top video',
      meta: { width: 240, priority: 3 },
      cell: ({ row }) => (
        <TopItem title={row.original.top_video.title} url={row.original.top_video.url} detail={`${formatAudience(row.original.top_video.views)} views`} />
      ),
    }),
    yt.accessor('last_video_at', {
      header: 'Last video',
      meta: { width: 112, priority: 3 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatDate(c.getValue())}
        </Text>
      ),
    }),
  ];
}
