import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import type { MemberAttributes } from '../../../../common/schemas/organizations';
import { toastError, toastStatus, toastSuccess } from '../../../components/toasts';
import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { userQueryKey, type CurrentOrganization } from '../../../lib/session';

/** A row of `GET organizations/{id}/members` (id = the user's id). */
export type { MemberAttributes };
export type Member = MemberAttributes & { id: string };

export type MemberAction = 'kick' | 'promote';

export type OrganizationDetails = Omit<CurrentOrganization, 'id'> & { id: string };

export const membersPath = (orgId: string) => `organizations/${orgId}/members`;
export const organizationQueryKey = (orgId: string) => ['organizations', orgId] as const;

/** Spec: role-id 1 Admin, 2 User, anything else Kicked. */
export function roleLabel(roleId: number | null | undefined): 'Admin' | 'User' | 'Kicked' {
  const id = Number(roleId);
  return id === ROLE.admin ? 'Admin' : id === ROLE.user ? 'User' : 'Kicked';
}

/** `GET organizations/{id}`: the caller's current organization (name, logo, plan). */
export function useOrganization(orgId: string | undefined) {
  return useQuery({
    queryKey: organizationQueryKey(orgId ?? ''),
    queryFn: async () => flatten((await apiFetch<{ data: JsonApiResource<Omit<OrganizationDetails, 'id'>> }>(`organizations/${orgId}`)).data),
    enabled: !!orgId,
  });
}

/**
 * The user (its `organization` shows in the top bar and the menus), the organization and its
 * members change together: refresh all three.
 */
function useInvalidateOrganization(orgId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userQueryKey }),
      qc.invalidateQueries({ queryKey: organizationQueryKey(orgId) }),
      qc.invalidateQueries({ queryKey: [membersPath(orgId)] }),
    ]);
}

/** The request document of PATCH organizations/{id} that kicks or promotes one member. */
export function memberActionDocument(orgId: string, memberId: string, action: MemberAction) {
  return { data: { type: 'organizationPermission' as const, id: orgId, attributes: { users: [{ id: memberId, action }] } } };
}

/** Remove from Organization / Promote to Admin; the server's detail on failure. */
export function useMemberAction(orgId: string) {
  const invalidate = useInvalidateOrganization(orgId);
  return useMutation({
    mutationFn: ({ member, action }: { member: Member; action: MemberAction }) =>
      apiFetch(`organizations/${orgId}`, { method: 'PATCH', body: memberActionDocument(orgId, member.id, action) }),
    onSuccess: (_data, { action }) => toastSuccess(action === 'kick' ? MSG.organization.kicked : MSG.organization.promoted),
    onError: (err) => toastError(err, MSG.organization.updateFailed),
    // A refused change may still mean the list moved on (another admin acted): refresh either way.
    onSettled: () => invalidate(),
  });
}

export interface OrganizationChanges {
  name?: string;
  avatar?: string | null;
}

/** Rename the organization or change its logo (PATCH organizations/{id}, type organizations). */
export function useUpdateOrganization(orgId: string) {
  const invalidate = useInvalidateOrganization(orgId);
  return useMutation({
    mutationFn: (changes: OrganizationChanges) =>
      apiFetch(`organizations/${orgId}`, { method: 'PATCH', body: { data: { type: 'organizations', id: orgId, attributes: changes } } }),
    onSuccess: async () => {
      toastStatus(200);
      await invalidate();
    },
  });
}
