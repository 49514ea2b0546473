import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate } from '../../../lib/dates';
import { trialDaysLeftOf, type OperatorOrganization } from '../api/organizations';

/** Limits at or above this are the "unlimited" of common/plans.ts. */
const UNLIMITED = 100000;

const PLAN_BADGES: Record<string, { label: string; color: string }> = {
  trial: { label: 'Trial', color: 'blue' },
  starter: { label: 'Starter', color: 'cyan' },
  pro: { label: 'Pro', color: 'indigo' },
  agency: { label: 'Agency', color: 'grape' },
  admin: { label: 'Admin', color: 'dark' },
};

/** The plan in one short word (the full plan name is the badge's title). */
export function PlanBadge({ o }: { o: OperatorOrganization }) {
  const badge = PLAN_BADGES[o.plan] ?? { label: o['plan-name'], color: 'gray' };
  return (
    <Badge color={badge.color} variant="light" size="sm" title={o['plan-name']}>
      {badge.label}
    </Badge>
  );
}

const SOURCE_LABELS = { signup: 'Since sign-up', stripe: 'Paid through Stripe', operator: 'Set by the operator' } as const;

/** Where the plan stands: trial with days left, active, past due (red), expired (gray). */
export function StatusBadge({ o, now = new Date() }: { o: OperatorOrganization; now?: Date }) {
  const s = o.subscription_status;
  if (o.platform_operator)
    return (
      <Badge color="gray" variant="outline" size="sm" tt="none">
        Platform
      </Badge>
    );
  const days = trialDaysLeftOf(o, now);
  const badge =
    s.trial_expired || s.status === 'expired' ? (
      <Badge color="gray" variant="filled" size="sm" tt="none">
        Expired
      </Badge>
    ) : s.status === 'past_due' || s.status === 'unpaid' || s.payment_failed ? (
      <Badge color="red" variant="filled" size="sm" tt="none">
        {s.status === 'unpaid' ? 'Unpaid' : 'Past due'}
      </Badge>
    ) : days !== null ? (
      <Badge color="blue" variant="light" size="sm" tt="none">
        Trial · {days} {days === 1 ? 'day' : 'days'} left
      </Badge>
    ) : (
      <Badge color="teal" variant="light" size="sm" tt="none">
        Active
      </Badge>
    );
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {SOURCE_LABELS[s.plan_source]}
      </Text>
    </Stack>
  );
}

/** The date that matters next: the trial's end, or a subscription's renewal. */
export function KeyDate({ o }: { o: OperatorOrganization }) {
  const s = o.subscription_status;
  if (o.platform_operator)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  if (o.plan === 'trial' && s.trial_ends_at) {
    const ended = s.trial_expired || s.status === 'expired';
    return (
      <Stack gap={0}>
        <Text size="sm">{formatDate(s.trial_ends_at)}</Text>
        <Text size="xs" c="dimmed">
          {ended ? 'Trial ended' : 'Trial ends'}
        </Text>
      </Stack>
    );
  }
  if (s.current_period_end && s.status !== 'expired') {
    return (
      <Stack gap={0}>
        <Text size="sm">{formatDate(s.current_period_end)}</Text>
        <Text size="xs" c="dimmed">
          {s.billing_period === 'annual' ? 'Renews yearly' : 'Renews'}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      –
    </Text>
  );
}

/** Orange from 80 % of the limit, red at (or over) it: where an upgrade conversation starts. */
export function usageColor(used: number, limit: number): string {
  if (limit <= 0 || used >= limit) return 'red';
  return used / limit >= 0.8 ? 'orange' : 'blue';
}

/** "3 / 6 projects" with a thin bar; an unlimited plan shows the count alone. */
export function UsageMeter({ used, limit, noun }: { used: number; limit: number; noun: string }) {
  if (limit >= UNLIMITED) {
    return (
      <Stack gap={0}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={500}>
            {used.toLocaleString('en')}
          </Text>
          <Text size="xs" c="dimmed">
            {noun}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          No limit
        </Text>
      </Stack>
    );
  }
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  const color = usageColor(used, limit);
  return (
    <Tooltip label={used > limit ? `Over the plan's limit by ${used - limit}` : `${Math.round(percent)} % of the plan's limit`} withinPortal>
      <Stack gap={4} w="100%" maw={132}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={500} c={color === 'red' ? 'red' : undefined}>
            {used.toLocaleString('en')} / {limit.toLocaleString('en')}
          </Text>
          <Text size="xs" c="dimmed">
            {noun}
          </Text>
        </Group>
        <Progress value={percent} color={color} size={4} radius="xl" aria-label={`${used} of ${limit} ${noun}`} />
      </Stack>
    </Tooltip>
  );
}
