import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../common/messages';
import type { InviteAttributes } from '../../../../common/schemas/invites';
import { toastError, toastStatus, toastSuccess } from '../../../components/toasts';
import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { currentUserOf, fetchCurrentUser, userQueryKey, type CurrentUser, type CurrentUserDocument } from '../../../lib/session';
import { uploadImage } from '../../../lib/upload';

/** `GET organizations/{id}` and `organizations/{id}/members` lists: their keys start with "organizations". */
const isOrganizationKey = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith('organizations');

/** PATCH user/{id} (type user): name and/or avatar. Answers the updated user. */
async function patchProfile(userId: string, attributes: { name?: string; avatar?: string | null }) {
  const doc = await apiFetch<CurrentUserDocument>(`user/${userId}`, { method: 'PATCH', body: { data: { type: 'user', id: userId, attributes } } });
  return currentUserOf(doc);
}

/**
 * The profile shows in the top bar (the user) and in the members table (the organization's
 * members): keep the answer as the user and refresh the rest.
 */
function useProfileSaved() {
  const qc = useQueryClient();
  return async (user: CurrentUser) => {
    qc.setQueryData(userQueryKey, user);
    toastSuccess(MSG.modal.userSettings);
    await Promise.all([qc.invalidateQueries({ queryKey: userQueryKey }), qc.invalidateQueries({ predicate: (q) => isOrganizationKey(q.queryKey) })]);
  };
}

/** Edits the name. Errors are left to the form (field messages) or a toast. */
export function useUpdateName(userId: string) {
  const saved = useProfileSaved();
  return useMutation({ mutationFn: (name: string) => patchProfile(userId, { name }), onSuccess: saved });
}

/** "Change profile picture": POST f/av (scope avatar), then PATCH user/{id} with its url. */
export function useChangeAvatar(userId: string) {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (file: File) => patchProfile(userId, { avatar: await uploadImage(file, 'avatar') }),
    onSuccess: saved,
    onError: (err) => toastError(err, MSG.modal.settingsFailure),
  });
}

/**
 * After the current organization changed, everything cached but the user belongs to the old
 * one. Keeps `user`, forgets the rest (projects included) and lets /loading/callback load the
 * projects again and open the right project. All synchronous, so no screen renders the new
 * organization with the old organization's lists.
 */
function enterOrganization(qc: QueryClient, navigate: ReturnType<typeof useNavigate>, user: CurrentUser | null) {
  if (user) {
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
    qc.setQueryData(userQueryKey, user);
  } else {
    // The user could not be read again: /loading/callback loads it along with the rest.
    qc.removeQueries();
  }
  navigate('/loading/callback', { replace: true });
}

/** PATCH user/{id} (type user, relationships.organization): makes another membership current. */
export function useSwitchOrganization(userId: string) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (organizationId: string) => {
      const doc = await apiFetch<CurrentUserDocument>(`user/${userId}`, {
        method: 'PATCH',
        body: { data: { type: 'user', id: userId, relationships: { organization: { data: { type: 'organization', id: organizationId } } } } },
      });
      return currentUserOf(doc);
    },
    onSuccess: (user) => enterOrganization(qc, navigate, user),
    onError: (err) => toastError(err, MSG.modal.settingsFailure),
  });
}

/** The request document of POST settings (a new organization). */
export const addOrganizationDocument = (name: string) => ({ data: { type: 'settings' as const, attributes: { name: name.trim() } } });

/**
 * POST settings: a new organization with the caller as its admin, which the server makes the
 * current one; the user is then loaded again and the app enters it. Errors go to the modal.
 */
export function useAddOrganization() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (name: string) => {
      await apiFetch('settings', { method: 'POST', body: addOrganizationDocument(name) });
      // The organization exists now: a failed read of the user must not look like a failed creation.
      return fetchCurrentUser().catch(() => null);
    },
    onSuccess: (user) => {
      toastStatus(201);
      enterOrganization(qc, navigate, user);
    },
  });
}

export type Invite = InviteAttributes;

/** POST invite (admins): a new invitation link to the current organization. */
export function useCreateInvite() {
  return useMutation({
    mutationFn: async () => flatten((await apiFetch<{ data: JsonApiResource<Invite> }>('invite', { method: 'POST' })).data),
    onError: (err) => toastError(err),
  });
}
