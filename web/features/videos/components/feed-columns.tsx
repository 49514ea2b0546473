import { Anchor, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { Row } from '../../../components/data-table/data-table';
import { CountryBadge, LanguageBadge } from '../../../components/language-badge';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';
import { formatDate } from '../../../lib/dates';
import type { FeedVideo, YoutubeFeedVideoAttributes } from '../api/youtube-feed';
import { ChannelCell, ViewsCell } from './video-cells';

const col = createColumnHelper<Row<YoutubeFeedVideoAttributes>>();

/**
 * Columns of the YouTube feed (000 §2): thumbnail, channel, title, views, language, country,
 * published date. Clicking the thumbnail or the title opens the video's detail modal.
 */
export function feedColumns(onView: (v: FeedVideo) => void) {
  return [
    col.display({
      id: 'thumbnail',
      header: () => <VisuallyHidden>Thumbnail</VisuallyHidden>,
      meta: { width: 140, label: false },
      cell: ({ row }) => (
        <Anchor component="button" type="button" onClick={() => onView(row.original)} aria-label={`Watch ${row.original.title}`} display="block">
          <MediaThumbnail src={row.original.thumbnail} platform="youtube" />
        </Anchor>
      ),
    }),
    col.accessor((r) => r.channel.title, {
      id: 'channel',
      header: 'Channel',
      meta: { width: 200, sortField: 'channel' },
      cell: ({ row }) => (
        <ChannelCell title={row.original.channel.title} thumbnail={row.original.channel.thumbnail} subscribers={row.original.channel.subscribers} />
      ),
    }),
    col.accessor('title', {
      header: 'Title',
      meta: { primary: true, sortField: 'title' },
      cell: ({ row }) => (
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor component="button" type="button" size="sm" fw={500} ta="start" lineClamp={2} onClick={() => onView(row.original)} title={row.original.title}>
            {row.original.title}
          </Anchor>
          {row.original.saved && (
            <Badge size="xs" variant="light" color="teal" style={{ flexShrink: 0 }}>
              Saved
            </Badge>
          )}
        </Group>
      ),
    }),
    col.accessor('views', {
      header: 'Views',
      meta: { width: 100, sortField: 'views' },
      cell: ({ row: { original: v } }) => (
        <ViewsCell views={v.views} viewsAtFound={v.views_at_found} statsRefreshedAt={v.stats_refreshed_at} removedAt={v.removed_at} />
      ),
    }),
    col.accessor('language', {
      header: 'Language',
      meta: { width: 122, sortField: 'language', priority: 3 },
      cell: ({ row }) => <LanguageBadge code={row.original.language ?? row.original.channel.language} />,
    }),
    col.accessor((r) => r.channel.country, {
      id: 'country',
      header: 'Country',
      meta: { width: 112, sortField: 'country', priority: 3 },
      cell: ({ getValue }) => <CountryBadge code={getValue()} />,
    }),
    col.accessor('published_at', {
      header: 'Published',
      meta: { width: 136, sortField: 'published_at' },
      cell: ({ getValue }) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(getValue())}
        </Text>
      ),
    }),
  ];
}
