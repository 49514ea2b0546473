import { Badge, Tooltip } from '@mantine/core';
import { FEED_HEALTH_LABELS, type FeedHealth } from '../../../../common/schemas/sources';
import classes from './feed-health-badge.module.css';

/** Healthy green, not checked gray, nothing new yellow; failures red, or orange when they may pass (slow, unreachable, rate limited). */
const COLORS: Record<FeedHealth, 'green' | 'gray' | 'yellow' | 'red' | 'orange'> = {
  ok: 'green',
  pending: 'gray',
  stale: 'yellow',
  blocked: 'red',
  not_found: 'red',
  not_a_feed: 'red',
  tls: 'red',
  too_large: 'red',
  timeout: 'orange',
  unreachable: 'orange',
  rate_limited: 'orange',
};

export const healthColor = (h: FeedHealth) => COLORS[h];

/** A feed's (or an outlet's worst feed's) health as a badge; `detail` shows as its tooltip. */
export function FeedHealthBadge({ health, detail }: { health: FeedHealth; detail?: string | null }) {
  const color = COLORS[health];
  const badge = (
    <Badge
      color={color}
      variant="light"
      tt="none"
      maw="100%"
      classNames={{ label: color === 'yellow' ? classes.yellow : color === 'orange' ? classes.orange : undefined }}
      data-health={health}
    >
      {FEED_HEALTH_LABELS[health]}
    </Badge>
  );
  if (!detail) return badge;
  return (
    <Tooltip label={detail} multiline w={280}>
      {badge}
    </Tooltip>
  );
}
