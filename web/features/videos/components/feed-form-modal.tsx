import { useState } from 'react';
import { Alert, Divider, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { IconBrandYoutube, IconPlugConnectedX } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { FEED_KEYWORD_MAX } from '../../../../common/schemas/videos';
import { ApiError } from '../../../lib/api';
import { useFeedGates } from '../../../lib/feed-gates';
import { serverFieldErrors } from '../../../lib/form';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError, toastSuccess } from '../../../components/toasts';
import { showNotificationTests } from '../api/notification-tests';
import { useCreateYoutubeFeed, useUpdateYoutubeFeed, useYoutubeAvailability, type YoutubeFeed } from '../api/youtube-feed';
import { changedFeedBody, createFeedBody, feedFormErrors, feedFormValues, type FeedFormValues } from '../lib/feed-form';
import { FeedPreview } from './feed-preview';
import { NotificationFields } from './notification-fields';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** The feed being edited; creates one when absent. */
  feed?: YoutubeFeed;
}

/** Server field names (pointer ends) → form fields. */
const SERVER_FIELDS: Record<string, keyof FeedFormValues> = {
  keyword: 'keyword',
  slack_webhook_url: 'slackWebhookUrl',
  discord_webhook_url: 'discordWebhookUrl',
};

/**
 * Create or edit a project's YouTube feed (000 §2 "YouTube feed"): the keyword with a live
 * preview, Slack and Discord notifications as the plan allows, and (editing) the enabled switch.
 * Editing sends only what changed. The parent remounts it per feed version, so it starts from
 * the saved values.
 */
export function FeedFormModal({ opened, onClose, projectId, feed }: Props) {
  const gates = useFeedGates();
  const plan = { slack: gates.slackPlan, discord: gates.discordPlan };
  const availability = useYoutubeAvailability();
  const initial = feedFormValues(feed);
  const [values, setValues] = useState<FeedFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof FeedFormValues, string>>>({});
  const create = useCreateYoutubeFeed();
  const update = useUpdateYoutubeFeed(feed?.id ?? '');
  const editing = !!feed;
  const changes = editing ? changedFeedBody(initial, values, plan) : null;

  const set = (patch: Partial<FeedFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof FeedFormValues)[]) delete next[k];
      return next;
    });
  };
  const close = () =>
    closeThenReset(onClose, () => {
      setValues(initial);
      setErrors({});
    });

  function failed(err: unknown, fallback: string) {
    const fields = serverFieldErrors(err);
    const mapped: Partial<Record<keyof FeedFormValues, string>> = {};
    for (const [k, msg] of Object.entries(fields)) if (SERVER_FIELDS[k]) mapped[SERVER_FIELDS[k]] = msg;
    if (Object.keys(mapped).length) setErrors(mapped);
    // A plan limit or a second feed says why; anything else gets the catalogue's failure message.
    else if (err instanceof ApiError && (err.status === 403 || err.status === 409)) toastError(err);
    else toastError(undefined, fallback);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = feedFormErrors(values, plan);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    try {
      if (!editing) {
        const saved = await create.mutateAsync(createFeedBody(projectId, values, plan));
        toastSuccess(MSG.videos.created);
        showNotificationTests(saved);
      } else if (changes && Object.keys(changes).length > 0) {
        const saved = await update.mutateAsync(changes);
        toastSuccess(MSG.videos.updated);
        showNotificationTests(saved);
      }
      close();
    } catch (err) {
      failed(err, editing ? MSG.videos.updateFailed : MSG.videos.createFailed);
    }
  }

  const notConnected = availability.data && !availability.data.available ? availability.data.reason : null;

  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Edit feed' : 'Create a YouTube feed'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notConnected && (
            <Alert color="orange" icon={<IconPlugConnectedX size={18} />} p="sm">
              {notConnected} The feed is saved now and starts being checked once that is done.
            </Alert>
          )}
          <TextInput
            label="Keyword"
            description="Videos whose title or description mention it are collected every 30 minutes. Several words are searched as one phrase, so “star wars” finds videos about Star Wars."
            placeholder="e.g. Starfall"
            leftSection={<IconBrandYoutube size={16} />}
            required
            maxLength={FEED_KEYWORD_MAX}
            value={values.keyword}
            onChange={(e) => set({ keyword: e.currentTarget.value })}
            error={errors.keyword}
            data-autofocus
          />
          {(!editing || values.keyword.trim() !== initial.keyword.trim()) && <FeedPreview keyword={values.keyword} notConnectedShown={!!notConnected} />}
          <Divider />
          <NotificationFields values={values} errors={errors} plan={plan} onChange={set} />
          {editing && (
            <Switch
              label="Feed enabled"
              description="A disabled feed keeps its videos but is no longer checked."
              checked={values.isEnabled}
              onChange={(e) => set({ isEnabled: e.currentTarget.checked })}
            />
          )}
          <FormModalActions
            onCancel={close}
            submitLabel={editing ? 'Save changes' : 'Create feed'}
            loading={create.isPending || update.isPending}
            disabled={editing && !!changes && Object.keys(changes).length === 0}
          />
        </Stack>
      </form>
    </Modal>
  );
}
