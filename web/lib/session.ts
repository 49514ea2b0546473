import { useQuery } from '@tanstack/react-query';
import type { Subject } from '../../common/policy';
import { tokenStore } from './api';
import { fetchCurrentUser, userQueryKey, type CurrentUserAttributes } from './current-user';

export { currentUserOf, fetchCurrentUser, userQueryKey } from './current-user';
export type { CurrentOrganization, CurrentUser, CurrentUserAttributes, CurrentUserDocument } from './current-user';

/** `GET user`, cached for the session; disabled without a token. */
export function useCurrentUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, enabled: tokenStore.get() !== null, staleTime: 60_000 });
}

/**
 * The caller as the policy (common/policy.ts) sees them: the role and the current organization
 * this session loaded, in the policy's terms (the server's view of the trial included). For the
 * decisions the web takes with a count of its own (web/lib/can.tsx `decideWithCount`) and the
 * plan's numbers; everything else reads the server's abilities.
 */
export function policySubject(user: Pick<CurrentUserAttributes, 'role-id' | 'organization'> | null | undefined): Subject {
  const org = user?.organization;
  const status = org?.subscription_status;
  return {
    roleId: user?.['role-id'] == null ? null : Number(user['role-id']),
    org: org
      ? {
          plan: org.plan,
          permissions: org.permissions,
          capabilities: org.capabilities,
          trialEndsAt: status?.trial_ends_at ? new Date(status.trial_ends_at) : null,
          subscriptionStatus: status?.trial_expired ? 'expired' : (status?.status ?? null),
        }
      : null,
  };
}
