import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconZoomCancel } from '@tabler/icons-react';
import { DiscoveredFeeds } from '../../../components/discovered-feeds';
import { outcomeMessage, suggestOutcome, type SuggestOutcome, type SuggestResult } from '../api/suggestions';
import secondary from '../../../components/secondary-text.module.css';

const LOOK: Record<SuggestOutcome, { color: string; icon: typeof IconInfoCircle }> = {
  added: { color: 'green', icon: IconCircleCheck },
  found: { color: 'green', icon: IconCircleCheck },
  monitored: { color: 'blue', icon: IconInfoCircle },
  in_directory: { color: 'blue', icon: IconInfoCircle },
  already_asked: { color: 'blue', icon: IconInfoCircle },
  no_feed: { color: 'yellow', icon: IconZoomCancel },
};

/** What became of a suggestion, in one sentence, with the feeds found (or why none was). */
export function SuggestResultView({ result }: { result: SuggestResult }) {
  const outcome = suggestOutcome(result);
  const s = result.suggestion;
  const { color, icon: Icon } = LOOK[outcome];
  return (
    <Stack gap="sm">
      <Alert color={color} variant="light" icon={<Icon size={20} />} role="status" data-testid="suggest-result" data-outcome={outcome}>
        <Text size="sm" fw={500}>
          {outcomeMessage(outcome, s)}
        </Text>
        {outcome === 'no_feed' && s.reason && (
          <Text size="sm" mt={4}>
            {s.reason}
          </Text>
        )}
      </Alert>
      {s.feeds.length > 0 && (outcome === 'found' || outcome === 'added' || outcome === 'already_asked') && (
        <Stack gap={6}>
          <Text size="xs" fw={600} className={secondary.secondary}>
            Feeds found
          </Text>
          <DiscoveredFeeds feeds={s.feeds} />
        </Stack>
      )}
    </Stack>
  );
}
