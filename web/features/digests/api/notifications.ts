import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { apiFetch, type JsonApiResource } from '../../../lib/api';
import { toastError } from '../../../components/toasts';

export const NOTIFICATIONS_PATH = 'notifications';

export type Frequency = 'daily' | 'instant';

/** The server's `notification` attributes (server/features/digests/routes.ts). */
interface NotificationAttributes {
  status: boolean;
  frequency: Frequency;
  project_id: string;
  user_id: string;
}

/** A subscription of the signed-in user, by project. */
export interface Subscription {
  id: string;
  projectId: string;
  status: boolean;
  frequency: Frequency;
}

const toSubscription = (r: JsonApiResource<NotificationAttributes>): Subscription => ({
  id: r.id,
  projectId: r.attributes.project_id,
  status: r.attributes.status,
  frequency: r.attributes.frequency,
});

export const notificationsKey = (userId: string) => [NOTIFICATIONS_PATH, userId] as const;

/** GET notifications?id={userId}: the caller's subscriptions. */
export function useSubscriptions(userId: string) {
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: async () => {
      const doc = await apiFetch<{ data: JsonApiResource<NotificationAttributes>[] }>(NOTIFICATIONS_PATH, { query: { id: userId } });
      return doc.data.map(toSubscription);
    },
  });
}

/**
 * Optimistic change of one project's subscription: the switch moves at once, goes back if the
 * server refuses ("Could not set notifications"), and the list is re-read either way.
 */
function useOptimistic<V extends { projectId: string }>(
  userId: string,
  apply: (list: Subscription[], v: V) => Subscription[],
  call: (v: V) => Promise<unknown>,
) {
  const qc = useQueryClient();
  const key = notificationsKey(userId);
  return useMutation({
    mutationFn: call,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Subscription[]>(key);
      qc.setQueryData<Subscription[]>(key, (list) => apply(list ?? [], v));
      return { before };
    },
    onError: (err, _v, context) => {
      if (context) qc.setQueryData(key, context.before);
      toastError(err, MSG.notifications.set);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** POST notifications: none creates one (on), an existing one flips (spec 000 §4). */
export function useToggleSubscription(userId: string) {
  return useOptimistic<{ projectId: string }>(
    userId,
    (list, { projectId }) => {
      const found = list.find((s) => s.projectId === projectId);
      if (!found) return [...list, { id: `new-${projectId}`, projectId, status: true, frequency: 'daily' }];
      return list.map((s) => (s === found ? { ...s, status: !s.status } : s));
    },
    ({ projectId }) =>
      apiFetch(NOTIFICATIONS_PATH, { method: 'POST', body: { data: { type: 'notification', attributes: { project_id: projectId, user_id: userId } } } }),
  );
}

/** PATCH notifications/{id}: how often the digest comes. */
export function useSetFrequency(userId: string) {
  return useOptimistic<{ projectId: string; id: string; frequency: Frequency }>(
    userId,
    (list, { id, frequency }) => list.map((s) => (s.id === id ? { ...s, frequency } : s)),
    ({ id, frequency }) =>
      apiFetch(`${NOTIFICATIONS_PATH}/${id}`, {
        method: 'PATCH',
        body: { data: { type: 'notification', id, attributes: { subscription: { frequency }, user_id: userId } } },
      }),
  );
}

/** What an unsubscribe link turns off (public: GET/POST /api/p/unsubscribe/{token}). */
export interface UnsubscribeTarget {
  status: boolean;
  frequency: Frequency;
  project_name: string;
  organization_name: string;
  email: string;
}

const unsubscribePath = (token: string) => `p/unsubscribe/${encodeURIComponent(token)}`;

export function useUnsubscribeTarget(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    retry: false,
    queryFn: async () => (await apiFetch<{ data: JsonApiResource<UnsubscribeTarget> }>(unsubscribePath(token), { public: true })).data.attributes,
  });
}

export function useUnsubscribe(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<{ data: JsonApiResource<UnsubscribeTarget> }>(unsubscribePath(token), { method: 'POST', public: true })).data.attributes,
    onSuccess: (target) => qc.setQueryData(['unsubscribe', token], target),
  });
}
