import { Anchor, Avatar, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBookmarkFilled } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { LIMITS } from '../../../../common/limits';
import type { Row } from '../../../components/data-table/data-table';
import { LanguageBadge } from '../../../components/language-badge';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import { truncate } from '../../../lib/text';
import type { TwitchFeedItem, TwitchFeedItemAttributes } from '../api/twitch-feed';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { formatDuration, formatHours } from '../lib/format';
import { StreamThumbnail, THUMB } from './stream-thumbnail';

const col = createColumnHelper<Row<TwitchFeedItemAttributes>>();
const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The broadcaster with their follower count (000 "Twitch feed": channel with followers). */
export function ChannelCell({ name, image, followers }: { name: string; image?: string | null; followers: number | null }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Avatar size={28} src={image ?? undefined} name={name} color="initials" alt="" />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500} truncate="end" title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" style={nowrap}>
          {followers === null ? '– followers' : `${formatAudience(followers)} followers`}
        </Text>
      </Stack>
    </Group>
  );
}

function TitleCell({ item, onView }: { item: TwitchFeedItem; onView: (item: TwitchFeedItem) => void }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Tooltip label={item.title} disabled={item.title.length <= LIMITS.titleTruncate} withArrow multiline maw={420} openDelay={250}>
        <Anchor component="button" type="button" onClick={() => onView(item)} size="sm" fw={500} c="var(--mantine-color-text)" ta="start" dir="auto">
          {truncate(item.title, LIMITS.titleTruncate)}
        </Anchor>
      </Tooltip>
      {item.saved && (
        <Badge size="xs" variant="light" color="teal" leftSection={<IconBookmarkFilled size={10} />} style={{ flexShrink: 0 }}>
          Saved
        </Badge>
      )}
    </Group>
  );
}

/** A live metric of a stream (peak, average): '–' until a poll sampled it (and for videos of streams never sampled). */
function metricCell(value: number | null) {
  return (
    <Text size="sm" style={nowrap} title={value === null ? 'Not sampled' : formatCount(value)}>
      {value === null ? '–' : formatAudience(value)}
    </Text>
  );
}

/**
 * Columns of the stream feed: thumbnail, channel, title, peak viewers and hours watched (issue 30),
 * views, average viewers, language, duration, published. The table sets priority 3 and then 2 aside
 * when they would leave the title too little room (FitTable); the detail modal and the CSV carry
 * every figure.
 */
export function feedColumns(onView: (item: TwitchFeedItem) => void) {
  return [
    col.display({
      id: 'thumbnail',
      header: () => <VisuallyHidden>Thumbnail</VisuallyHidden>,
      meta: { width: THUMB.width + 20, label: false },
      cell: ({ row }) => (
        <Anchor href={webHref(row.original.url)} target="_blank" rel="noopener noreferrer" aria-label={`Open ${row.original.title} on Twitch`}>
          <StreamThumbnail src={row.original.thumbnail_url} live={row.original.live} />
        </Anchor>
      ),
    }),
    col.accessor((r) => r.channel.broadcaster_name, {
      id: 'broadcaster_name',
      header: 'Channel',
      meta: { sortField: 'broadcaster_name', width: 160 },
      cell: ({ row }) => (
        <ChannelCell name={row.original.channel.broadcaster_name} image={row.original.channel.profile_image_url} followers={row.original.channel.followers} />
      ),
    }),
    col.accessor('title', {
      header: 'Title',
      meta: { sortField: 'title', primary: true },
      cell: ({ row }) => <TitleCell item={row.original} onView={onView} />,
    }),
    col.accessor('peak_viewers', {
      header: 'Peak',
      meta: { sortField: 'peak_viewers', width: 88, align: 'right', priority: 2 },
      cell: (c) => metricCell(c.getValue()),
    }),
    col.accessor('hours_watched', {
      header: 'Hours watched',
      meta: { sortField: 'hours_watched', width: 148, align: 'right', priority: 2 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatHours(c.getValue())}
        </Text>
      ),
    }),
    col.accessor('average_viewers', {
      header: 'Avg viewers',
      meta: { sortField: 'average_viewers', width: 108, align: 'right', priority: 3 },
      cell: (c) => metricCell(c.getValue()),
    }),
    col.accessor('view_count', {
      header: 'Views',
      meta: { sortField: 'view_count', width: 96, align: 'right', priority: 3 },
      cell: (c) => (
        <Text size="sm" style={nowrap} title={formatCount(c.getValue())}>
          {formatAudience(c.getValue())}
        </Text>
      ),
    }),
    col.accessor('language', {
      header: 'Language',
      meta: { sortField: 'language', width: 124, priority: 3 },
      cell: (c) => <LanguageBadge code={c.getValue()} />,
    }),
    col.accessor('duration', {
      header: 'Duration',
      meta: { width: 100, priority: 3, align: 'right' },
      cell: ({ row }) => (
        <Text size="sm" style={nowrap}>
          {row.original.live ? 'Live' : formatDuration(row.original.duration)}
        </Text>
      ),
    }),
    col.accessor('published_at', {
      header: 'Published',
      meta: { sortField: 'published_at', width: 136 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatDate(c.getValue())}
        </Text>
      ),
    }),
  ];
}
