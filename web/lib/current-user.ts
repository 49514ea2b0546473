import type { Capabilities, PlanPermissions } from '../../common/plans';
import type { OrganizationAttributes } from '../../common/schemas/organizations';
import type { UserAttributes, UserDocumentMeta } from '../../common/schemas/users';
import { apiFetch, flatten, type JsonApiResource } from './api';

// The user of the session and `GET user`, without TanStack Query: the entry asks for the user before Query
// is loaded (app/query-bridge.ts). The hook that caches it, useCurrentUser, is in session.ts, which re-exports these.

/** Some keys of T made optional. */
type Lenient<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * The caller's current organization, as `GET user` describes it (common/schemas/organizations). The web reads it
 * leniently: a permission or capability that is missing counts as off, and a few labels may be absent.
 */
export type CurrentOrganization = Omit<
  Lenient<OrganizationAttributes, 'plan-name' | 'tier-name' | 'slack_enabled' | 'slack_channels'>,
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
export type CurrentUserAttributes = Omit<
  Lenient<UserAttributes, 'roles' | 'inserted-at' | 'organizations' | 'email_verified' | 'open_projects_first'>,
  'organization' | 'default-project-id'
> & {
  organization: CurrentOrganization | null;
  'default-project-id': UserAttributes['default-project-id'] | number;
};

/**
 * The signed-in user, with the document's `meta` (instance settings such as the link-analysis
 * address) kept beside the attributes so that one request and one cache entry serve both.
 * `meta` is missing when a user was taken from a document without it: read it as "not set".
 */
export type CurrentUser = CurrentUserAttributes & { id: string; meta?: Partial<UserDocumentMeta> };

/** A `GET user` / `PATCH user/{id}` document. */
export interface CurrentUserDocument {
  data: JsonApiResource<CurrentUserAttributes>;
  meta?: Partial<UserDocumentMeta>;
}

export const userQueryKey = ['user'] as const;

/** The user of a user document, with its meta. */
export function currentUserOf(doc: CurrentUserDocument): CurrentUser {
  return { ...flatten(doc.data), meta: doc.meta ?? {} };
}

export async function fetchCurrentUser(): Promise<CurrentUser> {
  return currentUserOf(await apiFetch<CurrentUserDocument>('user'));
}
