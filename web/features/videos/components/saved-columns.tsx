import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { Row } from '../../../components/data-table/data-table';
import { CountryBadge, LanguageBadge } from '../../../components/language-badge';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';
import { TagPill } from '../../../components/tag-pill';
import { formatDate } from '../../../lib/dates';
import type { SavedVideo, SavedVideoAttributes } from '../api/saved-videos';
import { ChannelCell, ViewsCell } from './video-cells';

const col = createColumnHelper<Row<SavedVideoAttributes>>();

/** Columns of saved videos (000 §2): thumbnail, channel, title, views, tag, language, country, published date. */
export function savedColumns(onView: (v: SavedVideo) => void) {
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
    col.accessor('channel_title', {
      header: 'Channel',
      meta: { width: 190, sortField: 'channel_title' },
      cell: ({ row }) => (
        <ChannelCell title={row.original.channel_title} thumbnail={row.original.channel_thumbnail} subscribers={row.original.channel_subscribers} />
      ),
    }),
    col.accessor('title', {
      header: 'Title',
      meta: { primary: true, sortField: 'title' },
      cell: ({ row }) => (
        <Anchor component="button" type="button" size="sm" fw={500} ta="start" lineClamp={2} onClick={() => onView(row.original)} title={row.original.title}>
          {row.original.title}
        </Anchor>
      ),
    }),
    col.accessor('views', {
      header: 'Views',
      meta: { width: 100, sortField: 'views' },
      // The saved count (editable) first; YouTube's newer count below it once the video was read again.
      cell: ({ row: { original: v } }) => (
        <ViewsCell views={v.views} currentViews={v.current_views} statsRefreshedAt={v.stats_refreshed_at} removedAt={v.removed_at} />
      ),
    }),
    col.accessor('tag', {
      header: 'Tag',
      meta: { width: 120, sortField: 'tag' },
      cell: ({ getValue }) => <TagPill name={getValue()} />,
    }),
    col.accessor('channel_language', {
      header: 'Language',
      meta: { width: 104, priority: 3 },
      cell: ({ getValue }) => <LanguageBadge code={getValue()} />,
    }),
    col.accessor('channel_country', {
      header: 'Country',
      meta: { width: 96, priority: 3 },
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
