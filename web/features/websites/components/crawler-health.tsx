import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FAILING_HEALTH, FEED_HEALTH_LABELS, type FeedHealth } from '../../../../common/schemas/sources';
import { formatCount } from '../../../components/media/format-audience';
import { HEALTH_PARAM } from './use-websites-params';

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The websites list filtered by one health: `/websites?health=blocked`. */
export const healthLink = (h: FeedHealth) => `/websites?${HEALTH_PARAM}=${h}`;

/**
 * Enabled feeds per failing health ("3 blocked by the site · 1 not found · 2 too slow"), each a
 * link to the websites that have such a feed; or that none is failing.
 */
export function CrawlerHealth({ health }: { health: Record<FeedHealth, number> }) {
  const failing = FAILING_HEALTH.filter((h) => (health[h] ?? 0) > 0);
  return (
    <Group gap={6} wrap="wrap" mt="md" data-testid="crawler-health">
      <Text size="sm" fw={600}>
        Failing feeds:
      </Text>
      {failing.length === 0 ? (
        <Text size="sm">none</Text>
      ) : (
        failing.map((h, i) => (
          <Text key={h} size="sm" span>
            {i > 0 && <span aria-hidden>{'· '}</span>}
            <Anchor component={Link} to={healthLink(h)} size="sm">
              {formatCount(health[h])} {lower(FEED_HEALTH_LABELS[h])}
            </Anchor>
          </Text>
        ))
      )}
      {(health.stale ?? 0) > 0 && (
        <Text size="sm" span>
          <span aria-hidden>{'· '}</span>
          <Anchor component={Link} to={healthLink('stale')} size="sm">
            {formatCount(health.stale)} with {lower(FEED_HEALTH_LABELS.stale)}
          </Anchor>
        </Text>
      )}
    </Group>
  );
}
