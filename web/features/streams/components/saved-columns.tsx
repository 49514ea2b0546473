import { Anchor, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { LIMITS } from '../../../../common/limits';
import type { Row } from '../../../components/data-table/data-table';
import { LanguageBadge } from '../../../components/language-badge';
import { TagPill } from '../../../components/tag-pill';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import { truncate } from '../../../lib/text';
import type { SavedStream, SavedStreamAttributes } from '../api/saved-streams';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { formatHours } from '../lib/format';
import { StreamThumbnail, THUMB } from './stream-thumbnail';

const col = createColumnHelper<Row<SavedStreamAttributes>>();
const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Saved streams columns (000 "Saved videos and saved streams"): thumbnail, channel, title,
 * followers, peak viewers and hours watched (issue 30), language, tag, published. Where the title
 * would lack room, followers and peak step aside before hours watched (FitTable).
 */
export function savedColumns(onView: (s: SavedStream) => void) {
  return [
    col.display({
      id: 'thumbnail',
      header: () => <VisuallyHidden>Thumbnail</VisuallyHidden>,
      meta: { width: THUMB.width + 20, label: false },
      cell: ({ row }) => (
        <Anchor href={webHref(row.original.url)} target="_blank" rel="noopener noreferrer" aria-label={`Open ${row.original.title} on Twitch`}>
          <StreamThumbnail src={row.original.thumbnail_url} />
        </Anchor>
      ),
    }),
    col.accessor('broadcaster_name', {
      header: 'Channel',
      meta: { sortField: 'broadcaster_name', width: 140 },
      cell: (c) => (
        <Text size="sm" fw={500} truncate="end" title={c.getValue()}>
          {c.getValue()}
        </Text>
      ),
    }),
    col.accessor('title', {
      header: 'Title',
      meta: { sortField: 'title', primary: true },
      cell: ({ row }) => (
        <Tooltip label={row.original.title} disabled={row.original.title.length <= LIMITS.titleTruncate} withArrow multiline maw={420} openDelay={250}>
          <Anchor component="button" type="button" onClick={() => onView(row.original)} size="sm" fw={500} c="var(--mantine-color-text)" ta="start" dir="auto">
            {truncate(row.original.title, LIMITS.titleTruncate)}
          </Anchor>
        </Tooltip>
      ),
    }),
    col.accessor('followers', {
      header: 'Followers',
      meta: { sortField: 'followers', width: 120, align: 'right', priority: 3 },
      cell: (c) => (
        <Text size="sm" style={nowrap} title={formatCount(c.getValue())}>
          {formatAudience(c.getValue())}
        </Text>
      ),
    }),
    col.accessor((r) => r.peak_viewers ?? null, {
      id: 'peak_viewers',
      header: 'Peak',
      meta: { sortField: 'peak_viewers', width: 88, align: 'right', priority: 3 },
      cell: (c) => (
        <Text size="sm" style={nowrap} title={c.getValue() === null ? 'Not sampled' : formatCount(c.getValue()!)}>
          {c.getValue() === null ? '–' : formatAudience(c.getValue()!)}
        </Text>
      ),
    }),
    col.accessor((r) => r.hours_watched ?? null, {
      id: 'hours_watched',
      header: 'Hours watched',
      meta: { sortField: 'hours_watched', width: 148, align: 'right', priority: 2 },
      cell: (c) => (
        <Text size="sm" style={nowrap}>
          {formatHours(c.getValue())}
        </Text>
      ),
    }),
    col.accessor('language', {
      header: 'Language',
      meta: { width: 104, priority: 3 },
      cell: (c) => <LanguageBadge code={c.getValue()} />,
    }),
    col.accessor('tag', {
      header: 'Tag',
      meta: { sortField: 'tag', width: 130 },
      cell: (c) => <TagPill name={c.getValue()} />,
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
