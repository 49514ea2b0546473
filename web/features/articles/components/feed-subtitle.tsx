import { Group, Text } from '@mantine/core';
import { IconClockHour4, IconFlask } from '@tabler/icons-react';
import type { AlertResourceAttributes } from '../../../../common/schemas/alerts';
import { formatDateTime, fromNow } from '../../../lib/dates';
import { describeQuery } from '../../../../common/query/describe';
import secondary from '../../../components/secondary-text.module.css';

type SubtitleAlert = Pick<AlertResourceAttributes, 'keywords' | 'last_run_at' | 'total_articles' | 'inserted_at'>;

/**
 * The feed's subtitle (000 §2): the alert keywords as a sentence (the syntax is the advanced
 * editor's; it shows on hover), and "Last run was …" once it has run. A feed
 * that holds articles although its alert never ran was seeded (the demo workspace: matching and
 * crawling set `last_run_at`), and says so instead of claiming a crawl.
 */
export function FeedSubtitle({ alert }: { alert: SubtitleAlert | undefined }) {
  if (!alert) return null;
  const seeded = !alert.last_run_at && alert.total_articles > 0;
  return (
    <Group gap="sm" wrap="wrap" component="span" mt={2}>
      <Text size="sm" className={secondary.secondary} component="span">
        Watching{' '}
        <Text span fw={600} c="var(--mantine-color-text)" dir="auto" data-testid="feed-keywords" title={alert.keywords}>
          {describeQuery(alert.keywords)}
        </Text>
      </Text>
      {alert.last_run_at && (
        <Text size="sm" c="dimmed" component="span" title={formatDateTime(alert.last_run_at)}>
          <IconClockHour4 size={14} style={{ verticalAlign: -2, marginInlineEnd: 4 }} aria-hidden />
          Last run was {fromNow(alert.last_run_at)}
        </Text>
      )}
      {seeded && (
        <Text size="sm" c="dimmed" component="span" title={formatDateTime(alert.inserted_at)}>
          <IconFlask size={14} style={{ verticalAlign: -2, marginInlineEnd: 4 }} aria-hidden />
          Demo data — seeded {fromNow(alert.inserted_at)}
        </Text>
      )}
    </Group>
  );
}
