import { Alert, Badge, Group, Paper, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconBroadcastOff, IconPlugConnectedX } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import type { TwitchFeedItem } from '../api/twitch-feed';
import { formatAudience } from '../../../components/media/format-audience';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';

interface Props {
  /** Nothing to preview yet (no valid keyword or no game): a hint instead of a list. */
  idle: boolean;
  loading: boolean;
  items: TwitchFeedItem[] | undefined;
  error: unknown;
}

/** What the feed would find now with this keyword and game (up to 10 streams or videos). */
export function StreamsPreview({ idle, loading, items, error }: Props) {
  let body;
  if (idle)
    body = (
      <Text size="sm" c="dimmed">
        Type a keyword and choose a game to see what the feed would find.
      </Text>
    );
  else if (loading)
    body = (
      <Stack gap="xs" data-testid="preview-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    );
  else if (error)
    body = (
      <Alert color={error instanceof ApiError && error.status === 503 ? 'yellow' : 'red'} icon={<IconPlugConnectedX size={16} />} p="xs">
        <Text size="sm">{error instanceof ApiError && error.status === 503 ? error.message : MSG.streams.previewFailed}</Text>
      </Alert>
    );
  else if (!items?.length)
    body = (
      <Group gap="xs" c="dimmed">
        <IconBroadcastOff size={16} />
        <Text size="sm">Nothing matches right now. The feed keeps looking once it is saved.</Text>
      </Group>
    );
  else
    body = (
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
        <Stack gap={6}>
          {items.map((s) => (
            <Group key={s.id} gap="sm" wrap="nowrap" align="center">
              <MediaThumbnail src={s.thumbnail_url} platform="twitch" width={75} height={40} radius={4} />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={500} truncate="end" dir="auto" title={s.title}>
                  {s.title}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {s.channel.broadcaster_name} · {s.channel.followers === null ? '' : `${formatAudience(s.channel.followers)} followers · `}
                  {s.live ? 'live now' : formatDate(s.published_at)}
                </Text>
              </Stack>
              {s.live && (
                <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>
                  LIVE
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-body)">
      <Text size="sm" fw={500} mb="xs">
        Preview
      </Text>
      {body}
    </Paper>
  );
}
