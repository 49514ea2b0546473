import { useState } from 'react';
import { Box, Divider, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIMITS, TIMINGS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { buildSimpleQuery, parseSimpleQuery, type SimpleQuery } from '../../../../common/query/simple';
import { parseQuery } from '../../../../common/query/parse';
import { ALERT_NAME_MAX, alertKeywordsProblem, isWebhookUrl } from '../../../../common/schemas/alerts';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { useSlackChannels } from '../../slack/api/slack';
import { ALERT_PREVIEW_DEBOUNCE_MS, useAlertPreview, useSaveAlert, type Alert, type AlertValues } from '../api/alerts';
import { useFeedGates } from '../../../lib/feed-gates';
import { AlertNotificationFields, type NotificationValues } from './alert-notification-fields';
import { KeywordsEditor, type KeywordsMode } from '../../../components/keywords-editor';
import { KeywordsPreview } from '../../../components/keywords-preview';
import { ApiError, flatten } from '../../../lib/api';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  projectName: string;
  /** Set: edit this alert (PATCH); unset: create an alert of the project (POST). */
  alert?: Alert | null;
  /** The name a new alert starts with (the project's name unless told: another alert needs its own). */
  defaultName?: string;
  /** A new alert was saved (the feed page shows it). */
  onCreated?: (alert: Alert) => void;
}

interface Draft extends NotificationValues {
  name: string;
  mode: KeywordsMode;
  simple: SimpleQuery;
  raw: string;
  minReach: number | string;
}

type Errors = Partial<Record<'name' | 'keywords' | 'minReach' | 'slackWebhookUrl' | 'discordWebhookUrl', string>>;

const EMPTY_SIMPLE: SimpleQuery = { all: [], any: [], exclude: [] };

function initialDraft(alert: Alert | null | undefined, defaultName: string): Draft {
  const keywords = alert?.keywords ?? '';
  const simple = parseSimpleQuery(keywords);
  return {
    name: alert?.name ?? defaultName,
    // An advanced query forces the advanced mode (000 §4).
    mode: simple ? 'simple' : 'advanced',
    simple: simple ?? EMPTY_SIMPLE,
    raw: keywords,
    minReach: alert?.min_reach ?? LIMITS.mediaScore.min,
    slackTracking: alert?.slack_tracking ?? false,
    slackChannelId: alert?.slack_channel_id ?? null,
    slackWebhookUrl: alert?.slack_webhook_url ?? '',
    discordWebhookUrl: alert?.discord_webhook_url ?? '',
  };
}

const keywordsOf = (d: Draft) => (d.mode === 'simple' ? buildSimpleQuery(d.simple) : d.raw).trim();

/**
 * Create or edit the article alert of a project (000 §2, §5): name, keywords (simple builder or
 * raw query), minimum media score, and Slack/Discord notifications as the plan allows, with an
 * estimate of how many articles the keywords found in the last two months.
 */
export function AlertFormModal({ opened, onClose, projectId, projectName, alert, defaultName = projectName, onCreated }: Props) {
  const gates = useFeedGates();
  const channels = { slack: gates.slackPlan && gates.slackEnabled, discord: gates.discordPlan };
  const save = useSaveAlert(projectId, channels);
  const slackChannels = useSlackChannels(channels.slack);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(alert, defaultName));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[(k === 'simple' || k === 'raw' || k === 'mode' ? 'keywords' : k) as keyof Errors];
      return next;
    });
  };

  const keywords = keywordsOf(draft);
  const parsed = keywords ? parseQuery(keywords) : null;
  const parseError = parsed && !parsed.ok ? parsed.error : null;
  // The length rule waits for typing to pause (000 §5: debounced 250 ms); parse errors are live.
  const [settled] = useDebouncedValue(keywords, TIMINGS.searchDebounceMs);
  const lengthError = (settled.length > 0 || submitted) && settled.length < LIMITS.alertKeywords.min ? MSG.validation.alertKeywords : undefined;
  // The preview (count and newest headlines) waits a little longer (001 §9: previews 500 ms).
  const [previewSettled] = useDebouncedValue(keywords, ALERT_PREVIEW_DEBOUNCE_MS);
  const previewQuery = previewSettled && alertKeywordsProblem(previewSettled) === null ? previewSettled : null;
  const reachValue = Number(draft.minReach);
  const [previewReach] = useDebouncedValue(
    draft.minReach !== '' && reachValue >= LIMITS.mediaScore.min && reachValue <= LIMITS.mediaScore.max ? reachValue : null,
    ALERT_PREVIEW_DEBOUNCE_MS,
  );
  const preview = useAlertPreview(previewQuery, previewReach);
  const simpleLocked = draft.mode === 'advanced' && parseSimpleQuery(draft.raw) === null;

  function changeMode(mode: KeywordsMode) {
    if (mode === draft.mode) return;
    if (mode === 'advanced') set({ mode, raw: keywords });
    else {
      const simple = parseSimpleQuery(draft.raw);
      if (simple) set({ mode, simple });
    }
  }

  const close = () =>
    closeThenReset(onClose, () => {
      setDraft(initialDraft(alert, defaultName));
      setErrors({});
      setSubmitted(false);
    });

  function validate(): Errors {
    const out: Errors = {};
    if (draft.name.trim().length > ALERT_NAME_MAX) out.name = MSG.alertsApi.nameLength;
    const problem = alertKeywordsProblem(keywords);
    if (problem) out.keywords = problem;
    const reach = Number(draft.minReach);
    if (draft.minReach === '' || !(reach >= LIMITS.mediaScore.min && reach <= LIMITS.mediaScore.max)) out.minReach = MSG.articles.reachRange;
    if (channels.slack && draft.slackTracking && draft.slackWebhookUrl.trim() && !isWebhookUrl(draft.slackWebhookUrl.trim()))
      out.slackWebhookUrl = MSG.alertsApi.webhookUrl;
    if (channels.discord && draft.discordWebhookUrl.trim() && !isWebhookUrl(draft.discordWebhookUrl.trim())) out.discordWebhookUrl = MSG.alertsApi.webhookUrl;
    return out;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    // The name is kept beside the id (the alert shows it without asking Slack).
    const slackChannel = draft.slackChannelId
      ? ((slackChannels.data ?? []).find((c) => c.id === draft.slackChannelId) ??
        (alert?.slack_channel_id === draft.slackChannelId ? { id: draft.slackChannelId, name: alert.slack_channel_name ?? draft.slackChannelId } : undefined))
      : undefined;
    const values: AlertValues = {
      name: draft.name,
      keywords,
      minReach: Number(draft.minReach),
      slackTracking: draft.slackTracking,
      slackChannelId: slackChannel?.id ?? null,
      slackChannelName: slackChannel?.name ?? null,
      slackWebhookUrl: draft.slackWebhookUrl,
      discordWebhookUrl: draft.discordWebhookUrl,
    };
    try {
      const doc = await save.mutateAsync({ values, id: alert?.id });
      close();
      if (!alert && doc?.data) onCreated?.(flatten(doc.data));
    } catch (err) {
      const f = serverFieldErrors(err);
      const fieldErrors: Errors = {
        name: f.name,
        keywords: f.keywords,
        minReach: f.min_reach,
        slackWebhookUrl: f.slack_webhook_url,
        discordWebhookUrl: f.discord_webhook_url,
      };
      if (Object.values(fieldErrors).some(Boolean)) setErrors(fieldErrors);
      else toastError(err, alert ? MSG.alerts.updateFailed : MSG.alerts.createFailed);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={alert ? 'Edit feed' : 'Create alert'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Shown in notifications; the project's name when left empty."
            placeholder={projectName}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <KeywordsEditor
            mode={draft.mode}
            onModeChange={changeMode}
            simpleLocked={simpleLocked}
            simple={draft.simple}
            onSimpleChange={(simple) => set({ simple })}
            raw={draft.raw}
            onRawChange={(raw) => set({ raw })}
            keywords={keywords}
            parseError={parseError}
            error={errors.keywords ?? (parseError ? undefined : lengthError)}
          />
          <KeywordsPreview
            preview={previewQuery === null ? undefined : preview.data}
            loading={(keywords !== previewSettled && alertKeywordsProblem(keywords) === null) || (previewQuery !== null && preview.isFetching)}
            unavailable={previewQuery !== null && preview.isError ? previewProblem(preview.error) : null}
            showSourcesStatus
          />
          <NumberInput
            label="Minimum media score"
            description="Only outlets with at least this score (0.1 to 10) are kept."
            min={LIMITS.mediaScore.min}
            max={LIMITS.mediaScore.max}
            step={0.1}
            decimalScale={1}
            clampBehavior="strict"
            value={draft.minReach}
            onChange={(v) => set({ minReach: v })}
            error={errors.minReach}
            inputContainer={(input) => <Box maw={240}>{input}</Box>}
          />
          <Divider label="Notifications" labelPosition="left" />
          <AlertNotificationFields gates={gates} values={draft} errors={errors} onChange={(patch) => set(patch)} />
          {!alert && (
            <Text size="xs" c="dimmed">
              The alert starts with matching articles of the last two months and keeps watching for new ones.
            </Text>
          )}
          <FormModalActions onCancel={close} submitLabel={alert ? 'Save' : 'Create alert'} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Why the preview is missing: the server's word for a refused query, else a plain note (never a toast). */
function previewProblem(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.errors[0]?.detail) return err.errors[0].detail;
  return 'The preview is not available right now.';
}
