import { useQuery } from '@tanstack/react-query';
import type { Capabilities, PermissionFlag, PlanPermissions } from '../../common/plans';
import { ROLE } from '../../common/limits';
import type { OrganizationAttributes } from '../../common/schemas/organizations';
import type { UserAttributes } from '../../common/schemas/users';
import { apiFetch, flatten, tokenStore, type JsonApiResource } from './api';

/** Some keys of T made optional. */
type Lenient<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * The caller's current organization, as `GET user` describes it (common/schemas/organizations). The web reads it
 * leniently: a permission or capability that is missing counts as off, and a few labels may be absent.
 */
export type CurrentOrganization = Omit<
  Lenient<OrganizationAttributes, 'plan-name' | 'tier-name' | 'slack_enabled'>,
  'permissions' | 'capabilities' | 'subscription_status'
> & {
  id: string;
  permissions: Partial<PlanPermissions>;
  capabilities: Partial<Capabilities>;
  subscription_status: Lenient<
    OrganizationAttributes['subscription_status'],
    'trial_ends_at' | 'status' | 'plan_source' | 'billing_period' | 'current_period_end' | 'payment_failed'
  >;
};

/** The signed-in user: the server's `user` attributes (common/schemas/users), read as leniently as its organization. */
export type CurrentUserAttributes = Omit<Lenient<UserAttributes, 'roles' | 'inserted-at' | 'organizations' | 'email_verified' | 'open_projects_first'>, 'organization' | 'default-project-id'> & {
  organization: CurrentOrganization | null;
  'default-project-id': UserAttributes['default-project-id'] | number;
};

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
