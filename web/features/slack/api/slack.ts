import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { userQueryKey } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../components/toasts';

/** The organization's Slack app as GET slack/installation describes it (docs/api.md "Slack app"). */
export interface SlackInstallation {
  configured: boolean;
  installed: boolean;
  team_name: string | null;
  installed_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  channels_synced_at: string | null;
  channel_count: number;
}

export interface SlackChannelOption {
  id: string;
  name: string;
  is_private: boolean;
  is_member: boolean;
}

const INSTALLATION_KEY = ['slack', 'installation'] as const;
const CHANNELS_KEY = ['slack', 'channels'] as const;

export function useSlackInstallation(enabled = true) {
  return useQuery({
    queryKey: INSTALLATION_KEY,
    queryFn: async () => flatten((await apiFetch<{ data: JsonApiResource<SlackInstallation> }>('slack/installation')).data),
    enabled,
  });
}

/** The workspace's channels the alert form offers (listed at install, or by "Refresh channels"). */
export function useSlackChannels(enabled = true) {
  return useQuery({
    queryKey: CHANNELS_KEY,
    queryFn: async () => (await apiFetch<{ data: JsonApiResource<Omit<SlackChannelOption, 'id'>>[] }>('slack/channels')).data.map(flatten),
    enabled,
    staleTime: 60_000,
  });
}

/** Leaving for Slack, behind an object so tests can see where the page would go. */
export const slackBrowser = { open: (url: string) => window.location.assign(url) };

/** "Add to Slack": asks for a fresh signed link (it expires in 10 minutes), then leaves for Slack's authorize page. */
export function useAddToSlack() {
  return useMutation({
    mutationFn: async () => (await apiFetch<{ data: { attributes: { url: string } } }>('slack/install')).data.attributes.url,
    onSuccess: (url) => slackBrowser.open(url),
    onError: (err) => toastError(err),
  });
}

export function useRefreshSlackChannels() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ meta: { total: number } }>('slack/channels/refresh', { method: 'POST' }),
    onSuccess: async (doc) => {
      toastSuccess(MSG.slack.refreshed(doc.meta.total));
      await Promise.all([qc.invalidateQueries({ queryKey: CHANNELS_KEY }), qc.invalidateQueries({ queryKey: INSTALLATION_KEY })]);
    },
    onError: async (err) => {
      toastError(err);
      // A refusal may mean Slack revoked the app meanwhile: show it.
      await qc.invalidateQueries({ queryKey: INSTALLATION_KEY });
    },
  });
}

export function useDisconnectSlack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('slack/installation', { method: 'DELETE' }),
    onSuccess: async () => {
      toastSuccess(MSG.slack.disconnected);
      // slack_enabled lives on the organization in the user document: the alert form reads it.
      await Promise.all([qc.invalidateQueries({ queryKey: ['slack'] }), qc.invalidateQueries({ queryKey: userQueryKey })]);
    },
    onError: (err) => toastError(err),
  });
}
