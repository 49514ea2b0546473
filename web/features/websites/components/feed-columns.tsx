import { Anchor, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { MSG } from '../../../../common/messages';
import { FEED_TYPE_LABELS, type FeedStatus } from '../../../../common/schemas/websites';
import type { Row } from '../../../components/data-table/data-table';
import { formatDateTime, fromNow } from '../../../lib/dates';
import type { FeedAttributes } from '../api/websites';
import { FeedHealthBadge } from './feed-health-badge';
import classes from '../../../components/secondary-text.module.css';

/** Whether the feed is polled, and how its last polls went (beside the health, which says why). */
const POLLING: Record<FeedStatus, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'teal' },
  failing: { label: 'Failing', color: 'red' },
  disabled: { label: 'Disabled', color: 'gray' },
  never: { label: 'Never fetched', color: 'blue' },
};

const WEBSUB: Record<string, { label: string; color: string; hint: string }> = {
  pending: { label: 'Pending', color: 'yellow', hint: 'Subscribed to the hub; waiting for it to confirm.' },
  active: { label: 'Active', color: 'teal', hint: 'The hub pushes new articles as they are published.' },
  failed: { label: 'Failed', color: 'red', hint: 'The hub refused the subscription; the feed is polled and the subscription retried.' },
};

/** Whether the feed's hub pushes new articles, and why not when push is off for the whole server. */
function WebsubCell({ state, available }: { state: string; available: boolean }) {
  if (!available)
    return (
      <Tooltip label="Push needs PUBLIC_URL so hubs can reach this server; until then the feed is polled." withArrow multiline w={260}>
        <Text span size="xs" c="dimmed">
          Off — no public URL
        </Text>
      </Tooltip>
    );
  const s = WEBSUB[state];
  if (!s)
    return (
      <Tooltip label="The feed names no WebSub hub (or has not been fetched yet)." withArrow>
        <Text span c="dimmed" size="sm">
          —
        </Text>
      </Tooltip>
    );
  return (
    <Tooltip label={s.hint} withArrow multiline w={260}>
      <Badge color={s.color} variant="light">
        {s.label}
      </Badge>
    </Tooltip>
  );
}

const relative = (v: string | null) =>
  v ? (
    <Tooltip label={formatDateTime(v)} withArrow>
      <span>{fromNow(v)}</span>
    </Tooltip>
  ) : (
    <Text span c="dimmed" size="sm">
      never
    </Text>
  );

/** The address, what kind of feed it is and where it came from, and its health in a sentence. */
function FeedCell({ f }: { f: Row<FeedAttributes> }) {
  const detail = f.health_detail ?? f['last-error'];
  const origin = f.origin ? MSG.outlets.origin[f.origin] : null;
  return (
    <Stack gap={2} miw={0}>
      <Anchor href={f.feed} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
        {f.feed}
      </Anchor>
      <Text size="xs" className={classes.secondary}>
        {[FEED_TYPE_LABELS[f.type] ?? 'Feed', origin].filter(Boolean).join(' · ')}
      </Text>
      {detail && (
        <Text
          size="xs"
          className={f.health === 'ok' || f.health === 'pending' ? undefined : classes.danger}
          lineClamp={2}
          title={detail}
          data-testid="feed-health-detail"
        >
          {detail}
        </Text>
      )}
    </Stack>
  );
}

const col = createColumnHelper<Row<FeedAttributes>>();

/** The feeds table's columns: at 1280 px the failures, next check, WebSub and item counts step aside. */
export const feedColumns = [
  col.accessor('feed', { header: 'Feed', meta: { sortField: 'feed', primary: true }, cell: ({ row }) => <FeedCell f={row.original} /> }),
  col.accessor('health', {
    header: 'Health',
    meta: { width: 170 },
    cell: (c) => (c.getValue() ? <FeedHealthBadge health={c.getValue()} /> : <Text size="sm">—</Text>),
  }),
  col.accessor('status', {
    header: 'Polling',
    meta: { width: 130 },
    cell: (c) => (
      <Badge color={POLLING[c.getValue()].color} variant="light">
        {POLLING[c.getValue()].label}
      </Badge>
    ),
  }),
  col.accessor('last-success-at', { header: 'Last success', meta: { sortField: 'last_success_at', width: 130 }, cell: (c) => relative(c.getValue()) }),
  col.accessor('error-count', {
    header: 'Failures',
    meta: { sortField: 'error_count', width: 90, align: 'right', priority: 3 },
    cell: (c) => (
      <Text size="sm" className={c.getValue() > 0 ? classes.danger : undefined}>
        {c.getValue()}
      </Text>
    ),
  }),
  col.accessor('next-check-at', {
    header: 'Next check',
    meta: { sortField: 'next_check_at', width: 130, priority: 3 },
    cell: ({ row }) =>
      row.original.disabled ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        relative(row.original['next-check-at'])
      ),
  }),
  col.accessor('websub-state', {
    header: 'WebSub',
    meta: { width: 130, priority: 3 },
    cell: ({ row }) => <WebsubCell state={row.original['websub-state']} available={row.original.websub_available} />,
  }),
  col.accessor('last-count', { header: 'Items', meta: { width: 70, align: 'right', priority: 3 } }),
  col.accessor('articles-added', { header: 'Added', meta: { sortField: 'articles_added', width: 100, align: 'right', priority: 2 } }),
];
