import { Alert, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlugConnectedX, IconSearch } from '@tabler/icons-react';
import { FEED_KEYWORD_MIN } from '../../../../common/schemas/videos';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';
import { useYoutubePreview } from '../api/youtube-feed';

/** Spec 001 §9: the video preview waits 700 ms after the last keystroke. */
export const PREVIEW_DEBOUNCE_MS = 700;

/**
 * What the keyword finds on YouTube now (≤ 10 newest), asked 700 ms after typing stops. A server
 * without a YouTube key says which variable to set instead of a generic error.
 */
export function FeedPreview({
  keyword,
  notConnectedShown = false,
}: {
  keyword: string;
  /** The form already says YouTube is not connected. */ notConnectedShown?: boolean;
}) {
  const [debounced] = useDebouncedValue(keyword.trim(), PREVIEW_DEBOUNCE_MS);
  const ready = debounced.length >= FEED_KEYWORD_MIN;
  const preview = useYoutubePreview(debounced, ready);
  const waiting = keyword.trim() !== debounced && keyword.trim().length >= FEED_KEYWORD_MIN;

  let body: React.ReactNode;
  if (!ready && !waiting)
    body = (
      <Group gap="xs" c="dimmed">
        <IconSearch size={16} />
        <Text size="sm">Type a keyword to see the newest videos it finds.</Text>
      </Group>
    );
  else if (waiting || preview.isFetching)
    body = (
      <Group gap="xs" justify="center" py="md">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Looking for videos…
        </Text>
      </Group>
    );
  else if (preview.isError) {
    const err = preview.error;
    body =
      err instanceof ApiError && err.code === 'not_connected' && notConnectedShown ? (
        <Group gap="xs" c="dimmed">
          <IconPlugConnectedX size={16} />
          <Text size="sm">No preview until YouTube is connected on this server.</Text>
        </Group>
      ) : err instanceof ApiError && err.code === 'not_connected' ? (
        <Alert color="orange" icon={<IconPlugConnectedX size={18} />} title="No preview on this server">
          {err.message} The feed can still be created: it starts once the key is set.
        </Alert>
      ) : (
        <Alert color="red" role="alert">
          {MSG.videos.previewFailed}
        </Alert>
      );
  } else if ((preview.data ?? []).length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No recent video matches this keyword yet.
      </Text>
    );
  else
    body = (
      <ScrollArea.Autosize mah={260} type="auto">
        <Stack gap="xs" data-testid="feed-preview-list">
          {(preview.data ?? []).map((v) => (
            <Group key={v.youtube_video_id} gap="sm" wrap="nowrap" align="flex-start">
              <MediaThumbnail src={v.thumbnail} platform="youtube" width={96} height={54} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} lineClamp={2}>
                  {v.title}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {v.channel_title} · {formatDate(v.published_at)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );

  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite" aria-label="Preview">
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb="xs">
        Preview
      </Text>
      {body}
    </Paper>
  );
}
