import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { AlertPreview, AlertResourceAttributes, NotificationTests } from '../../../../common/schemas/alerts';
import { apiFetch, flatten, listQuery, type JsonApiResource, type ListDocument } from '../../../lib/api';
import { abilityOf, decideWithCount } from '../../../lib/can';
import { userQueryKey, type CurrentUser } from '../../../lib/session';
import { projectsAllKey } from '../../../lib/workspace';
import { toastSuccess } from '../../../components/toasts';
import { notifications } from '@mantine/notifications';

/** An alert as `GET alerts/:id` describes it (docs/api.md "Alerts and the articles feed"). */
export type AlertAttributes = AlertResourceAttributes;
export type Alert = AlertAttributes & { id: string };

export const ALERTS_PATH = 'alerts';
export const alertKey = (id: string) => [ALERTS_PATH, 'one', id] as const;

export async function fetchAlert(id: string): Promise<Alert> {
  const doc = await apiFetch<{ data: JsonApiResource<AlertAttributes> }>(`${ALERTS_PATH}/${id}`);
  return flatten(doc.data);
}

export function useAlert(id: string | null | undefined) {
  return useQuery({ queryKey: alertKey(String(id)), queryFn: () => fetchAlert(String(id)), enabled: id != null, staleTime: 30_000 });
}

/**
 * Why the project cannot take another alert, or null: a one-alert plan (the plan's sentence, with
 * the plan that has more), or the plan's limit reached (the policy's refusal: the server's 403
 * message), decided with the alerts the screen lists.
 */
export function addAlertBlockedReason(user: CurrentUser | null | undefined, alertCount: number): string | null {
  if ((abilityOf(user, 'alerts.create')?.limit ?? 1) <= 1) return MSG.billing.singleAlert;
  const decision = decideWithCount(user, 'alerts.create', { projectAlerts: alertCount });
  return decision.allowed ? null : decision.message;
}

/** A project's alerts, oldest first (its first one is the project's `alert-id`); under `alerts`, so a save refreshes them. */
export const projectAlertListKey = (projectId: string) => [ALERTS_PATH, 'project', projectId] as const;

export function useAlertsOfProject(projectId: string | null | undefined) {
  return useQuery({
    queryKey: projectAlertListKey(String(projectId)),
    enabled: projectId != null,
    staleTime: 30_000,
    queryFn: async () => {
      const doc = await apiFetch<ListDocument<AlertAttributes>>(ALERTS_PATH, {
        query: listQuery({ page: 1, pageSize: 100, sort: 'inserted_at', filter: { project_id: String(projectId) } }),
      });
      return doc.data.map((r) => flatten(r));
    },
  });
}

/** What the alert form edits; keywords are the final query text (built or typed). */
export interface AlertValues {
  name: string;
  keywords: string;
  minReach: number;
  slackTracking: boolean;
  slackChannelId: string | null;
  slackChannelName: string | null;
  slackWebhookUrl: string;
  discordWebhookUrl: string;
}

/** Which notification fields the organization may send (plan flags; 000 §5, §6). */
export interface AlertChannels {
  slack: boolean;
  discord: boolean;
}

/**
 * The request document of POST alerts / PATCH alerts/:id. Notification fields the plan does
 * not allow are left out altogether: the server refuses them with 403 even when empty, and a
 * PATCH without them keeps what is stored.
 */
export function alertDocument(values: AlertValues, projectId: string, channels: AlertChannels, id?: string) {
  const attributes: Record<string, unknown> = {
    project_id: projectId,
    name: values.name.trim(),
    keywords: values.keywords.trim(),
    min_reach: values.minReach,
  };
  if (channels.slack) {
    attributes.slack_tracking = values.slackTracking;
    attributes.slack_channel_id = values.slackTracking ? values.slackChannelId : null;
    attributes.slack_channel_name = values.slackTracking ? values.slackChannelName : null;
    attributes.slack_webhook_url = values.slackTracking ? values.slackWebhookUrl.trim() || null : null;
  }
  if (channels.discord) attributes.discord_webhook_url = values.discordWebhookUrl.trim() || null;
  return { data: { type: 'alert' as const, ...(id ? { id } : {}), attributes } };
}

/**
 * Creates (POST alerts) or updates (PATCH alerts/:id) the project's alert. A new alert is
 * linked to the project by the server (000 §4), so the project list and the user are
 * refetched: the feed page then switches from the setup view to the feed.
 */
export function useSaveAlert(projectId: string, channels: AlertChannels) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id }: { values: AlertValues; id?: string }) =>
      apiFetch<{ data: JsonApiResource<AlertAttributes>; meta?: { notification_tests?: NotificationTests } }>(id ? `${ALERTS_PATH}/${id}` : ALERTS_PATH, {
        method: id ? 'PATCH' : 'POST',
        body: alertDocument(values, projectId, channels, id),
      }),
    onSuccess: async (doc, { values, id }) => {
      if (id) toastSuccess(MSG.alerts.updated);
      else toastSuccess(MSG.alerts.createdNamed(values.name.trim()), MSG.alerts.created);
      showNotificationTests(doc?.meta?.notification_tests, values.slackChannelName);
      if (doc?.data) qc.setQueryData(alertKey(doc.data.id), flatten(doc.data));
      await Promise.all([
        qc.invalidateQueries({ queryKey: projectsAllKey }),
        qc.invalidateQueries({ queryKey: userQueryKey }),
        qc.invalidateQueries({ queryKey: [ALERTS_PATH] }),
        // The feed's matches change with the keywords (the server backfills the archive).
        qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('articles_feed/') }),
      ]);
    },
  });
}

/** Spec 001 §9: previews are debounced 500 ms. */
export const ALERT_PREVIEW_DEBOUNCE_MS = 500;

/** POST alerts/preview: matches of the last two months in the archive and the five newest. */
export async function previewAlert(keywords: string, minReach: number | null, signal?: AbortSignal): Promise<AlertPreview> {
  const body: Record<string, unknown> = { keywords };
  if (minReach !== null) body.min_reach = minReach;
  const doc = await apiFetch<{ data: AlertPreview }>(`${ALERTS_PATH}/preview`, { method: 'POST', body, signal });
  return doc.data;
}

/** The preview of usable keywords (null: none to show). */
export function useAlertPreview(keywords: string | null, minReach: number | null) {
  return useQuery({
    queryKey: [ALERTS_PATH, 'preview', keywords, minReach],
    queryFn: ({ signal }) => previewAlert(keywords!, minReach, signal),
    enabled: keywords !== null,
    staleTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/**
 * What Slack and Discord answered to the test message a save sent (`meta.notification_tests`):
 * a success toast, or the service's answer in a toast that stays until closed, since the alert
 * is saved anyway and the answer (a wrong channel, a revoked webhook) is what needs fixing.
 */
export function showNotificationTests(tests: NotificationTests | undefined, slackChannelName: string | null) {
  if (tests?.slack) {
    const { ok, message } = tests.slack;
    if (ok) toastSuccess(slackChannelName ? MSG.slack.testSent(slackChannelName) : message);
    else
      notifications.show({ color: 'red', title: 'The Slack test message failed', message: MSG.slack.testFailed(message), autoClose: false, withBorder: true });
  }
  if (tests?.discord) {
    const { ok, message } = tests.discord;
    if (ok) toastSuccess(message);
    else notifications.show({ color: 'red', title: 'The Discord test message failed', message, autoClose: false, withBorder: true });
  }
}
