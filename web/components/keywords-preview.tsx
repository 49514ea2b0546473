import { Anchor, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { AlertPreview } from '../../common/schemas/alerts';
import { webHref } from '../lib/links';
import { SourcesStatusLine } from './sources-status-line';

export interface KeywordsPreviewProps {
  /** The preview of the settled keywords; undefined while none was asked for or loaded. */
  preview: AlertPreview | undefined;
  /** True while typing has not settled or the preview is being fetched. */
  loading: boolean;
  /** Why the preview is not available (not the keywords' own error: that shows under the field). */
  unavailable?: string | null;
  /**
   * Under a count of 0, say what is being watched (GET sources/status). Only where there is a
   * session: the public sign-up leaves it off and asks nothing.
   */
  showSourcesStatus?: boolean;
}

// Made on first use: building a date format loads locale data, a long task on a phone for every
// page that imports the alert form (the articles feed) whether or not it shows a preview.
let dateFormat: Intl.DateTimeFormat | undefined;
const formatDay = (iso: string) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).format(new Date(iso));

function countLabel({ count, capped }: AlertPreview): string {
  const n = `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return `${n} matching ${count === 1 ? 'article' : 'articles'} in the last two months`;
}

/**
 * Under an alert's keywords, before it is saved: how many archive articles of the last two
 * months match, and the newest headlines with their outlet, so a noisy alert shows before it
 * notifies anyone (issue 11). Presentational: each form fetches its own preview.
 */
export function KeywordsPreview({ preview, loading, unavailable, showSourcesStatus = false }: KeywordsPreviewProps) {
  if (!preview && !loading && !unavailable) return null;
  return (
    <Box data-testid="keywords-preview" aria-live="polite" aria-busy={loading}>
      <Group gap={6} wrap="nowrap">
        {loading ? <Loader size={12} /> : <IconChartBar size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
        <Text size="sm" c="dimmed" data-testid="keywords-preview-count">
          {unavailable && !loading ? unavailable : preview ? countLabel(preview) : 'Looking for matching articles…'}
        </Text>
      </Group>
      {showSourcesStatus && preview?.count === 0 && !loading && !unavailable && <SourcesStatusLine />}
      {preview && preview.samples.length > 0 && !unavailable && (
        <Stack gap={4} mt={6} component="ul" p={0} m={0} style={{ listStyle: 'none', opacity: loading ? 0.6 : 1 }}>
          {preview.samples.map((s) => (
            // One line when there is room; on a phone the outlet and date go under the headline.
            <Group key={s.id} component="li" gap={0} wrap="wrap" justify="space-between" style={{ columnGap: 8 }} data-testid="keywords-preview-sample">
              <Anchor
                href={webHref(s.url)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                lineClamp={1}
                dir="auto"
                title={s.title}
                style={{ flex: '1 1 14rem', minWidth: 0 }}
              >
                {s.title || s.url}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flex: '0 0 auto', whiteSpace: 'nowrap' }}>
                <bdi>{s.media}</bdi> · {formatDay(s.published_at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Box>
  );
}
