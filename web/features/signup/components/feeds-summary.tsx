import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { FreeUserResult } from '../api/signup-api';

const LABELS = { articles: 'Article alert', videos: 'YouTube alert', streams: 'Twitch alert' } as const;

/** Badge colour per outcome: live, waiting for the server's YouTube or Twitch credentials, not asked for, or refused. */
const COLORS: Record<string, string> = { ACTIVE: 'teal', PENDING: 'blue', SKIPPED: 'gray', FAILED: 'red' };

/** What happened to each alert asked for at sign-up (data.feeds of POST p/free_user). */
export function FeedsSummary({ feeds }: { feeds: FreeUserResult['data']['feeds'] }) {
  return (
    <Paper withBorder radius="md" p="md" mt="lg">
      <Text fw={600} size="sm" mb="xs">
        Your alerts
      </Text>
      <Stack gap={6}>
        {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((kind) => {
          const feed = feeds[kind];
          return (
            <Group key={kind} justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm">{LABELS[kind]}</Text>
                <Text size="xs" c="dimmed">
                  {feed.reason}
                </Text>
              </div>
              <Badge variant="light" color={COLORS[feed.status] ?? 'blue'} style={{ flex: 'none' }}>
                {feed.status.toLowerCase()}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
