import { Code, Group, Text } from '@mantine/core';
import { IconClockHour4, IconDeviceGamepad2 } from '@tabler/icons-react';
import { formatDateTime, fromNow } from '../../../lib/dates';
import type { TwitchFeed } from '../api/twitch-feed';

/** The feed's subtitle: keyword, game and "Last run was …" once it has run. */
export function FeedSubtitle({ feed }: { feed: TwitchFeed | undefined }) {
  if (!feed) return null;
  return (
    <Group gap="sm" wrap="wrap" component="span" mt={2}>
      <Text size="sm" c="dimmed" component="span">
        Keyword{' '}
        <Code fz="sm" dir="ltr" data-testid="feed-keyword">
          {feed.keyword}
        </Code>
      </Text>
      <Text size="sm" c="dimmed" component="span">
        <IconDeviceGamepad2 size={14} style={{ verticalAlign: -2, marginInlineEnd: 4 }} aria-hidden />
        {feed.game_name || `Game ${feed.game_id}`}
      </Text>
      {feed.latestPull && (
        <Text size="sm" c="dimmed" component="span" title={formatDateTime(feed.latestPull)}>
          <IconClockHour4 size={14} style={{ verticalAlign: -2, marginInlineEnd: 4 }} aria-hidden />
          Last run was {fromNow(feed.latestPull)}
        </Text>
      )}
    </Group>
  );
}
