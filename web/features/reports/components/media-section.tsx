import { useMemo } from 'react';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import type { ReportStream, ReportVideo } from '../api/types';
import { streamRow, videoRow, type MediaRow } from '../lib/media-rows';
import { LocalTable } from './local-table';

const col = createColumnHelper<MediaRow>();

function columns(kind: 'videos' | 'streams') {
  return [
    col.accessor((v) => v.title, {
      id: 'title',
      header: kind === 'videos' ? 'Video' : 'Stream',
      cell: ({ row }) => {
        const r = row.original;
        const href = webHref(r.url);
        return (
          <Group gap="sm" wrap="nowrap" align="center">
            <MediaThumbnail src={r.thumbnail} platform={r.platform} alt="" width={96} height={54} />
            {href ? (
              <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={500} c="var(--mantine-color-text)" underline="hover" lineClamp={2}>
                {r.title || r.url}
              </Anchor>
            ) : (
              <Text size="sm" lineClamp={2}>
                {r.title || '–'}
              </Text>
            )}
          </Group>
        );
      },
    }),
    col.accessor((v) => v.channel, {
      id: 'channel',
      header: 'Channel',
      meta: { width: 190 },
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{row.original.channel || '–'}</Text>
          <Text size="xs" c="dimmed" title={formatCount(row.original.audience)}>
            {formatAudience(row.original.audience)} {kind === 'videos' ? 'subscribers' : 'followers'}
          </Text>
        </Stack>
      ),
    }),
    col.accessor((v) => v.views, {
      id: 'views',
      header: 'Views',
      meta: { width: 100, align: 'right' },
      cell: (c) => <span title={formatCount(c.getValue())}>{formatAudience(c.getValue())}</span>,
    }),
    col.accessor((v) => v.publishedAt, { id: 'date', header: 'Date', meta: { width: 120 }, cell: (c) => formatDate(c.getValue() || null) }),
  ];
}
const COLUMNS = { videos: columns('videos'), streams: columns('streams') };

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

/** A report's saved videos or streams: thumbnail, title linking to YouTube or Twitch, channel and its audience, views, date. */
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
      <LocalTable<MediaRow> rows={rows} columns={COLUMNS[kind]} loading={loading} pageSize={10} showAll={print} aria-label={copy.title} />
    </Stack>
  );
}
