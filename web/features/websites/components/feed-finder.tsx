import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconZoomCancel } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { DiscoveredFeeds } from '../../../components/discovered-feeds';
import classes from '../../../components/secondary-text.module.css';
import type { FeedFinder } from './use-feed-finder';

/**
 * What "Find feeds" found: a progress line while discovery reads the site, then the proven
 * candidates to choose from (the choice fills the Feed URL field), or why there is none.
 */
export function FeedFinderResults({ finder, onChoose }: { finder: FeedFinder; onChoose: (url: string) => void }) {
  if (finder.searching)
    return (
      <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="xs" />
        <Stack gap={0}>
          <Text size="sm">{MSG.outlets.suggestLooking(finder.site ?? '')}</Text>
          <Text size="xs" className={classes.secondary}>
            {MSG.outlets.suggestLookingDetail}
          </Text>
        </Stack>
      </Group>
    );
  const result = finder.result;
  if (!result) return null;
  if (result.feeds.length === 0)
    return (
      <Alert color="gray" variant="light" icon={<IconZoomCancel size={18} />} role="status">
        <Text size="sm">{result.reason ?? MSG.outlets.discoverNone}</Text>
      </Alert>
    );
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Text size="sm" className={classes.secondary}>
        {MSG.outlets.discoverChoose}
      </Text>
      <DiscoveredFeeds
        feeds={result.feeds}
        chosenUrl={finder.chosen?.url}
        onChoose={(f) => {
          finder.choose(f);
          onChoose(f.url);
        }}
      />
    </Stack>
  );
}
