import { Group, Loader, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useArticleCount } from '../api/alerts';

/** "≈ N articles in the last two months" for a valid query (POST analytics/articles/count). */
export function ArticleCountEstimate({ query }: { query: string | null }) {
  const count = useArticleCount(query);
  if (query === null) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="article-count" aria-live="polite">
      {count.isFetching ? <Loader size={12} /> : <IconChartBar size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
      <Text size="sm" c="dimmed">
        {count.isPending
          ? 'Counting matching articles…'
          : count.isError
            ? 'The article estimate is not available right now.'
            : `≈ ${count.data.toLocaleString('en-US')} articles in the last two months`}
      </Text>
    </Group>
  );
}
