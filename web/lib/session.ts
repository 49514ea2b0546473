import { useQuery } from '@tanstack/react-query';
import type { Capabilities, PermissionFlag, PlanPermissions } from '../../common/plans';
import { ROLE } from '../../common/limits';
import { apiFetch, flatten, tokenStore, type JsonApiResource } from './api';

/** The caller's current organization, as `GET user` describes it (docs/api.md). */
export interface CurrentOrganization {
  id: string | number;
  name: string;
  avatar: string | null;
  plan: string;
  'plan-name'?: string;
  'tier-name'?: string;
  stripe_customer_id: string | null;
  subscription_status: { trial_expired: boolean; trial_ends_at?: string | null };
  slack_enabled?: boolean;
  permissions: Partial<PlanPermissions>;
  capabilities: Partial<Capabilities>;
}

export interface CurrentUserAttributes {
  name: string;
  email: string;
  avatar: string | null;
  roles?: string[];
  'role-id': number | null;
  'tier-id': number | null;
  'default-project-id': string | number | null;
  'inserted-at'?: string;
  status: 'OK' | 'NO_ORG';
  organization: CurrentOrganization | null;
  organizations?: { id: string | number; name: string; 'role-id': number }[];
}

export type CurrentUser = CurrentUserAttributes & { id: string };

export const userQueryKey = ['user'] as const;

export async function fetchCurrentUser(): Promise<CurrentUser> {
  const doc = await apiFetch<{ data: JsonApiResource<CurrentUserAttributes> }>('user');
  return flatten(doc.data);
}

/** `GET user`, cached for the session; disabled without a token. */
export function useCurrentUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, enabled: tokenStore.get() !== null, staleTime: 60_000 });
}

export function isAdmin(user: CurrentUser | null | undefined): boolean {
  return Number(user?.['role-id']) === ROLE.admin;
}

export function isPlatformOperator(user: CurrentUser | null | undefined): boolean {
  return user?.organization?.capabilities?.platform_operator === true;
}

export function hasPermission(user: CurrentUser | null | undefined, flag: PermissionFlag): boolean {
  return user?.organization?.permissions?.[flag] === true;
}
