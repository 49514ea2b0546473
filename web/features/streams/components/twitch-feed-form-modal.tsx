import { useState, type FormEvent } from 'react';
import { Divider, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { FEED_KEYWORD_MIN } from '../../../../common/schemas/videos';
import { MSG } from '../../../../common/messages';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { useCan } from '../../../lib/can';
import { PREVIEW_DEBOUNCE_MS, usePreviewStreams, useSaveTwitchFeed, type TwitchFeed } from '../api/twitch-feed';
import { createBody, initialDraft, isUnchanged, updateBody, validateDraft, type FeedDraft, type FeedDraftErrors } from '../lib/feed-form';
import { GameSelect } from './game-select';
import { StreamNotificationFields } from './stream-notification-fields';
import { StreamsPreview } from './streams-preview';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** Set: edit this feed (PATCH, only what changed); unset: create the project's feed. */
  feed?: TwitchFeed | null;
}

/**
 * Create or edit a project's Twitch feed: a game (looked up on Twitch), a keyword (optional: none
 * follows every live stream of the game; ≥ 3 characters when given), a minimum viewer count, a
 * preview of what it would find now, and the notification settings the plan allows. Save stays
 * disabled without a game or while nothing changed (000 §5).
 */
export function TwitchFeedFormModal({ opened, onClose, projectId, feed }: Props) {
  const channels = { slack: useCan('notify.slack'), discord: useCan('notify.discord') };
  const save = useSaveTwitchFeed();
  const [initial] = useState(() => initialDraft(feed));
  const [draft, setDraft] = useState<FeedDraft>(initial);
  const [errors, setErrors] = useState<FeedDraftErrors>({});
  const set = (patch: Partial<FeedDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof FeedDraftErrors];
      return next;
    });
  };

  const keyword = draft.keyword.trim();
  // No keyword previews the whole game; a keyword previews once it is long enough.
  const usable = keyword === '' || keyword.length >= FEED_KEYWORD_MIN ? keyword : null;
  const [previewKeyword] = useDebouncedValue(usable, PREVIEW_DEBOUNCE_MS);
  const [previewMin] = useDebouncedValue(draft.minViewers === '' ? null : draft.minViewers, PREVIEW_DEBOUNCE_MS);
  const gameId = draft.game?.id ?? null;
  const preview = usePreviewStreams(previewKeyword, gameId, previewMin);
  const settling = usable !== null && usable !== previewKeyword;

  const close = () =>
    closeThenReset(onClose, () => {
      setDraft(initial);
      setErrors({});
    });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateDraft(draft, channels);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (feed) await save.mutateAsync({ id: feed.id, body: updateBody(draft, initial, channels) });
      else await save.mutateAsync({ body: createBody(draft, projectId, channels) });
      close();
    } catch (err) {
      const f = serverFieldErrors(err);
      const fields: FeedDraftErrors = {
        keyword: f.keyword,
        game: f.game_id,
        minViewers: f.min_viewers,
        slackWebhookUrl: f.slack_webhook_url,
        discordWebhookUrl: f.discord_webhook_url,
      };
      if (Object.values(fields).some(Boolean)) setErrors(fields);
      else toastError(err, feed ? MSG.streams.updateFailed : MSG.streams.createFailed);
    }
  }

  const disabled = !draft.game || (!!feed && isUnchanged(draft, initial));

  return (
    <Modal opened={opened} onClose={close} title={feed ? 'Edit feed' : 'Create Twitch feed'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <GameSelect value={draft.game} onChange={(game) => set({ game })} error={errors.game} />
          <Group grow align="flex-start">
            <TextInput
              label="Keyword"
              description={MSG.streams.keywordHelp}
              placeholder={MSG.streams.gameWide}
              data-autofocus
              leftSection={<IconSearch size={16} />}
              value={draft.keyword}
              onChange={(e) => set({ keyword: e.currentTarget.value })}
              error={errors.keyword}
            />
            <NumberInput
              label="Minimum viewers"
              description="Streams with fewer viewers when seen stay out."
              placeholder="No minimum"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={draft.minViewers}
              onChange={(v) => set({ minViewers: typeof v === 'number' ? v : v === '' ? '' : Number(v) })}
              error={errors.minViewers}
            />
          </Group>
          <StreamsPreview
            idle={previewKeyword === null || gameId === null}
            loading={settling || preview.isFetching}
            items={preview.data}
            error={preview.error}
          />
          <Divider />
          <StreamNotificationFields channels={channels} draft={draft} errors={errors} onChange={set} showEnabled={!!feed} />
          <FormModalActions onCancel={close} submitLabel={feed ? 'Save changes' : 'Create feed'} loading={save.isPending} disabled={disabled} />
        </Stack>
      </form>
    </Modal>
  );
}
