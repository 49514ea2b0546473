import { useMemo } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPause, IconPlayerPlay, IconRss, IconTrash } from '@tabler/icons-react';
import { feedCreateBody } from '../../../../common/schemas/websites';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { FEEDS_PATH, feedDocument, useAddFeed, useDeleteFeed, useSetFeedDisabled, type FeedAttributes, type FeedMove } from '../api/websites';
import { feedColumns } from './feed-columns';
import { FeedMoves } from './feed-moves';
import { EmptyCard, SectionTitle } from './section';

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
        <TextInput
          aria-label="Feed URL"
          placeholder="https://example.com/feed"
          leftSection={<IconRss size={16} />}
          style={{ flex: 1 }}
          {...form.getInputProps('feed')}
        />
        <Button type="submit" loading={add.isPending}>
          Add feed
        </Button>
      </Group>
    </form>
  );
}

/** The website's feeds with their health, row actions and an add-feed form; then where its feeds moved. */
export function FeedsSection({ websiteId, feedCount, moves }: { websiteId: string; feedCount: number; moves: readonly FeedMove[] }) {
  const setDisabled = useSetFeedDisabled();
  const remove = useDeleteFeed();
  const filter = useMemo(() => ({ website_id: websiteId }), [websiteId]);

  const rowActions = (f: Row<FeedAttributes>): RowAction[] => [
    f.disabled
      ? { label: 'Enable', icon: <IconPlayerPlay size={16} />, onClick: () => setDisabled.mutate({ id: f.id, disabled: false }) }
      : { label: 'Disable', icon: <IconPlayerPause size={16} />, onClick: () => setDisabled.mutate({ id: f.id, disabled: true }) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => remove.mutate(f.id) },
  ];

  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <SectionTitle title="Feeds" description="Polled for new articles; failing feeds back off and retry, and say why in their health." />
      {feedCount === 0 ? (
        <EmptyCard icon={<IconRss size={26} />} text="This website has no feeds yet. Add one below to start collecting its articles." />
      ) : (
        <DataTable<FeedAttributes>
          path={FEEDS_PATH}
          filter={filter}
          columns={feedColumns}
          defaultSort="feed"
          searchPlaceholder="Search feeds"
          rowActions={rowActions}
          rowLabel={(f) => f.feed}
        />
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <AddFeedForm websiteId={websiteId} />
      </div>
      <FeedMoves moves={moves} />
    </Paper>
  );
}
