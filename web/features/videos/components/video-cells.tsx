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

/** A view count, abbreviated, with the exact count on hover. */
export function ViewsCell({ views }: { views: number | null }) {
  return (
    <Text size="sm" title={views === null ? undefined : `${formatCount(views)} views`}>
      {views === null ? '–' : formatAudience(views)}
    </Text>
  );
}
