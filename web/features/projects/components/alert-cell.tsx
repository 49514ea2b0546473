import { Badge, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { Alert } from '../../alerts/api/alerts';
import { describeQuery } from '../../../../common/query/describe';
import { count } from '../../../../common/messages';

interface Props {
  /** The project's `alert-id` (its first alert), null without one: the badge is right before the list loads. */
  alertId: string | null;
  /** The project's alerts from the alerts list, undefined while it loads. */
  alerts: Alert[] | undefined;
  loading: boolean;
}

/**
 * The projects table's Alert column: the project's alert's search query as a sentence and how
 * many articles it found, and how many more alerts the project has (plans with multiple alerts),
 * or a "No alert" badge.
 */
export function AlertCell({ alertId, alerts, loading }: Props) {
  if (alertId === null)
    return (
      <Badge variant="light" color="gray" size="sm">
        No alert
      </Badge>
    );
  const alert = alerts?.find((a) => a.id === alertId) ?? alerts?.[0];
  if (!alert) return loading ? <Skeleton height={14} width="70%" /> : <Text size="sm">–</Text>;
  const others = (alerts?.length ?? 1) - 1;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Tooltip label={describeQuery(alert.keywords)} withArrow openDelay={250} multiline maw={360} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" truncate="end" dir="auto">
          {describeQuery(alert.keywords)}
        </Text>
      </Tooltip>
      <Text size="xs" c="dimmed">
        {count(alert.total_articles, 'article')}
        {others > 0 && ` · ${count(others, 'more alert', 'more alerts')}`}
      </Text>
    </Stack>
  );
}
