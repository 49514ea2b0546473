import { Text } from '@mantine/core';
import { useSourcesStatus, watchingLine } from '../features/sources/api/sources-status';
import classes from './secondary-text.module.css';

/**
 * "Watching 412 outlets in 11 languages · last crawl 2 minutes ago." (or that nothing is switched
 * on yet), under an alert preview that found nothing. Only where there is a session; says
 * nothing while loading or when the status cannot be had.
 */
export function SourcesStatusLine() {
  const status = useSourcesStatus();
  if (!status.data) return null;
  return (
    <Text size="xs" className={classes.secondary} mt={4} data-testid="sources-status-line">
      {watchingLine(status.data)}
    </Text>
  );
}
