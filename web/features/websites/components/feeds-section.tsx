import { useMemo } from 'react';
import { Anchor, Badge, Button, Group, Paper, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPause, IconPlayerPlay, IconRss, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { feedCreateBody, type FeedStatus } from '../../../../common/schemas/websites';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { toastError } from '../../../components/toasts';
import { fromNow } from '../../../lib/dates';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { FEEDS_PATH, feedDocument, useAddFeed, useDeleteFeed, useSetFeedDisabled, type FeedAttributes } from '../api/websites';
import { EmptyCard, SectionTitle } from './section';


const STATUS: Record<FeedStatus, { label: string; color: string }> = {
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
    <Tooltip label={dayjs(v).format('MMM D, YYYY HH:mm')} withArrow>
      <span>{fromNow(v)}</span>
    </Tooltip>
  ) : (
    <Text span c="dimmed" size="sm">
      never
    </Text>
  );

const col = createColumnHelper<Row<FeedAttributes>>();

function AddFeedForm({ websiteId }: { websiteId: string }) {
  const add = useAddFeed(websiteId);
  const form = useForm({
    initialValues: { feed: '' },
    validate: (v) => ({ feed: documentErrors(feedCreateBody, feedDocument({ feed: v.feed, websiteId })).feed }),
  });
  async function submit(v: { feed: string }) {
    try {
      await add.mutateAsync(v.feed);
      form.reset();
    } catch (err) {
      const f = serverFieldErrors(err);
      if (f.feed) form.setFieldError('feed', f.feed);
      else toastError(err);
    }
  }
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput aria-label="Feed URL" placeholder="https://example.com/feed" leftSection={<IconRss size={16} />} style={{ flex: 1 }} {...form.getInputProps('feed')} />
        <Button type="submit" loading={add.isPending}>
          Add feed
        </Button>
      </Group>
    </form>
  );
}

/** The website's feeds with their polling health, row actions and an add-feed form. */
export function FeedsSection({ websiteId, feedCount }: { websiteId: string; feedCount: number }) {
  const setDisabled = useSetFeedDisabled();
  const remove = useDeleteFeed();
  const filter = useMemo(() => ({ website_id: websiteId }), [websiteId]);

  const columns = useMemo(
    () => [
      col.accessor('feed', {
        header: 'Feed',
        meta: { sortField: 'feed', primary: true },
        cell: ({ row }) => (
          <div style={{ minWidth: 0 }}>
            <Anchor href={row.original.feed} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
              {row.original.feed}
            </Anchor>
            {row.original['last-error'] && (
              <Text size="xs" c="red" mt={2} lineClamp={2} title={row.original['last-error']}>
                {row.original['last-error']}
              </Text>
            )}
          </div>
        ),
      }),
      col.accessor('type', { header: 'Type', meta: { width: 80, priority: 3 }, cell: (c) => (c.getValue() === 1 ? 'Google Alerts' : 'Feed') }),
      col.accessor('status', {
        header: 'Status',
        meta: { width: 110 },
        cell: (c) => (
          <Badge color={STATUS[c.getValue()].color} variant="light">
            {STATUS[c.getValue()].label}
          </Badge>
        ),
      }),
      col.accessor('last-success-at', { header: 'Last success', meta: { sortField: 'last_success_at', width: 150 }, cell: (c) => relative(c.getValue()) }),
      col.accessor('error-count', {
        header: 'Failures',
        meta: { sortField: 'error_count', width: 110, align: 'right' },
        cell: (c) => <Text size="sm" c={c.getValue() > 0 ? 'red' : undefined}>{c.getValue()}</Text>,
      }),
      col.accessor('next-check-at', {
        header: 'Next check',
        meta: { sortField: 'next_check_at', width: 140, priority: 2 },
        cell: ({ row }) => (row.original.disabled ? <Text size="sm" c="dimmed">—</Text> : relative(row.original['next-check-at'])),
      }),
      col.accessor('websub-state', {
        header: 'WebSub',
        meta: { width: 130, priority: 3 },
        cell: ({ row }) => <WebsubCell state={row.original['websub-state']} available={row.original.websub_available} />,
      }),
      col.accessor('last-count', { header: 'Items', meta: { width: 70, align: 'right', priority: 3 } }),
      col.accessor('articles-added', { header: 'Added', meta: { sortField: 'articles_added', width: 100, align: 'right', priority: 2 } }),
    ],
    [],
  );

  const rowActions = (f: Row<FeedAttributes>): RowAction[] => [
    f.disabled
      ? { label: 'Enable', icon: <IconPlayerPlay size={16} />, onClick: () => setDisabled.mutate({ id: f.id, disabled: false }) }
      : { label: 'Disable', icon: <IconPlayerPause size={16} />, onClick: () => setDisabled.mutate({ id: f.id, disabled: true }) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => remove.mutate(f.id) },
  ];

  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <SectionTitle title="Feeds" description="Polled for new articles; failing feeds back off and retry, and show their last error." />
      {feedCount === 0 ? (
        <EmptyCard icon={<IconRss size={26} />} text="This website has no feeds yet. Add one below to start collecting its articles." />
      ) : (
        <DataTable<FeedAttributes>
          path={FEEDS_PATH}
          filter={filter}
          columns={columns}
          defaultSort="feed"
          searchPlaceholder="Search feeds"
          rowActions={rowActions}
          rowLabel={(f) => f.feed}
        />
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <AddFeedForm websiteId={websiteId} />
      </div>
    </Paper>
  );
}
