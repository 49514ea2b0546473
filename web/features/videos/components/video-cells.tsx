import { Avatar, Group, Stack, Text } from '@mantine/core';
import { formatAudience, formatCount } from '../../../components/media/format-audience';

/** The channel of a video: its avatar (initials when the picture fails), name and subscribers. */
export function ChannelCell({ title, thumbnail, subscribers }: { title: string; thumbnail: string | null; subscribers: number | null }) {
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={thumbnail} name={title} color="initials" size={30} radius="xl" alt="" imageProps={{ loading: 'lazy' }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end" title={title}>
          {title || '–'}
        </Text>
        <Text size="xs" c="dimmed" title={subscribers === null ? 'The channel hides its subscriber count' : `${formatCount(subscribers)} subscribers`}>
          {subscribers === null ? 'Subscribers hidden' : `${formatAudience(subscribers)} subscribers`}
        </Text>
      </Stack>
    </Group>
  );
}

/** When the counts were read again (issue 30: +1, +7, +30 days after publication, then monthly). */
export interface ViewsFreshness {
  /** The views when the video was found: growth is shown from it. */
  viewsAtFound?: number | null;
  statsRefreshedAt?: string | null;
  removedAt?: string | null;
  /** YouTube's latest count when it differs from `views` (a saved copy). */
  currentViews?: number | null;
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A view count, abbreviated, with the exact count on hover; below it the growth since found, or that YouTube removed the video. */
export function ViewsCell({ views, viewsAtFound, statsRefreshedAt, removedAt, currentViews }: { views: number | null } & ViewsFreshness) {
  const growth = views !== null && viewsAtFound != null && statsRefreshedAt ? views - viewsAtFound : 0;
  const hover = [
    views === null ? null : `${formatCount(views)} views`,
    statsRefreshedAt ? `read again on ${day(statsRefreshedAt)}` : null,
    growth > 0 && viewsAtFound != null ? `${formatCount(viewsAtFound)} when found` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const newer = currentViews != null && views !== null && currentViews !== views ? currentViews : null;
  return (
    <Stack gap={0}>
      <Text size="sm" title={hover || undefined}>
        {views === null ? '–' : formatAudience(views)}
      </Text>
      {removedAt ? (
        <Text size="xs" c="dimmed" title={`YouTube no longer shows this video (since ${day(removedAt)})`}>
          Removed
        </Text>
      ) : newer !== null ? (
        <Text size="xs" c="dimmed" title={`${formatCount(newer)} views on YouTube${statsRefreshedAt ? ` on ${day(statsRefreshedAt)}` : ''}`}>
          {formatAudience(newer)} now
        </Text>
      ) : growth > 0 ? (
        <Text size="xs" c="teal" title={hover}>
          +{formatAudience(growth)}
        </Text>
      ) : null}
    </Stack>
  );
}
