import { Badge, Loader, Tooltip } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import type { ResultsTotal } from '../lib/total';

/**
 * The results' total next to the title. A polite live region: while the matches are still
 * counted it says so, and a screen reader hears the number when the volume call brings it.
 */
export function ResultsTotalBadge({ total }: { total: ResultsTotal | null }) {
  return (
    <span aria-live="polite" role="status" data-testid="results-total-status">
      {total?.state === 'known' && (
        <Badge variant="light" size="lg" radius="sm" data-testid="results-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {total.total.toLocaleString('en')} {total.total === 1 ? 'article' : 'articles'}
        </Badge>
      )}
      {total?.state === 'counting' && (
        <Badge variant="default" size="lg" radius="sm" data-testid="results-counting" leftSection={<Loader size={12} type="dots" />}>
          {MSG.supersearch.counting}
        </Badge>
      )}
      {total?.state === 'timeout' && (
        <Tooltip label={MSG.supersearch.countTimeout} multiline w={280}>
          <Badge variant="light" color="yellow" size="lg" radius="sm" data-testid="results-not-counted">
            {MSG.supersearch.countTimeoutShort}
          </Badge>
        </Tooltip>
      )}
    </span>
  );
}
