import { Anchor, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDate } from '../../../lib/dates';
import type { ReportMediaItem } from '../api/types';
import { LocalTable } from './local-table';
import { webHref } from '../../../lib/links';

const col = createColumnHelper<ReportMediaItem>();

const COLUMNS = [
  col.accessor((v) => v.title ?? '', {
    id: 'title',
    header: 'Title',
    cell: ({ row }) =>
      row.original.url ? (
        <Anchor href={webHref(row.original.url)} target="_blank" rel="noopener noreferrer" size="sm" fw={500} c="var(--mantine-color-text)" underline="hover">
          {row.original.title || row.original.url}
        </Anchor>
      ) : (
        <Text size="sm">{row.original.title ?? '–'}</Text>
      ),
  }),
  col.accessor((v) => v.channel_name ?? v.channel ?? v.user_name ?? '', { id: 'channel', header: 'Channel', meta: { width: 180 }, cell: (c) => c.getValue() || '–' }),
  col.accessor((v) => v.views ?? v.view_count ?? v.viewers ?? -1, {
    id: 'views',
    header: 'Views',
    meta: { width: 110, align: 'right' },
    cell: (c) => (c.getValue() >= 0 ? c.getValue().toLocaleString('en') : '–'),
  }),
  col.accessor((v) => v.published_at ?? v.started_at ?? v.date ?? '', { id: 'date', header: 'Date', meta: { width: 120 }, cell: (c) => formatDate(c.getValue() || null) }),
];

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

/** A report's videos or streams; an honest empty state until their feeds have saved something. */
export function MediaSection({ kind, items, loading, print }: { kind: 'videos' | 'streams'; items: ReportMediaItem[]; loading?: boolean; print?: boolean }) {
  const copy = COPY[kind];
  if (!loading && items.length === 0)
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
  return <LocalTable<ReportMediaItem> rows={items} columns={COLUMNS} loading={loading} pageSize={10} showAll={print} aria-label={copy.title} />;
}
