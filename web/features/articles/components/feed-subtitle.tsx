import { Code, Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { fromNow } from '../../../lib/dates';

/** The feed's subtitle (000 §2): the alert keywords, and "Last run was …" once it has run. */
export function FeedSubtitle({ keywords, lastRun }: { keywords: string | undefined; lastRun: string | null | undefined }) {
  return (
    <Group gap="sm" wrap="wrap" component="span" mt={2}>
      {keywords !== undefined && (
        <Text size="sm" c="dimmed" component="span">
          Keywords{' '}
          <Code fz="sm" dir="ltr" data-testid="feed-keywords">
            {keywords}
          </Code>
        </Text>
      )}
      {lastRun && (
        <Text size="sm" c="dimmed" component="span" title={dayjs(lastRun).format('MMM D, YYYY HH:mm')}>
          <IconClockHour4 size={14} style={{ verticalAlign: -2, marginInlineEnd: 4 }} aria-hidden />
          Last run was {fromNow(lastRun)}
        </Text>
      )}
    </Group>
  );
}
