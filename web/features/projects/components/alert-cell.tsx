import { Badge, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { Alert } from '../../alerts/api/alerts';
import { describeQuery } from '../../../../common/query/describe';

/**
 * The projects table's Alert column: the alert's search query as a sentence and how many articles it
 * found, or a "No alert" badge. `hasAlert` comes from the project row, so the badge
 * is right even before the alerts list has loaded.
 */
export function AlertCell({ hasAlert, alert, loading }: { hasAlert: boolean; alert: Alert | undefined; loading: boolean }) {
  if (!hasAlert)
    return (
      <Badge variant="light" color="gray" size="sm">
        No alert
      </Badge>
    );
  if (!alert) return loading ? <Skeleton height={14} width="70%" /> : <Text size="sm">–</Text>;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Tooltip label={describeQuery(alert.keywords)} withArrow openDelay={250} multiline maw={360} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" truncate="end" dir="auto">
          {describeQuery(alert.keywords)}
        </Text>
      </Tooltip>
      <Text size="xs" c="dimmed">
        {alert.total_articles.toLocaleString()} {alert.total_articles === 1 ? 'article' : 'articles'}
      </Text>
    </Stack>
  );
}
