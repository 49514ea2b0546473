import { userAbilities, type Abilities, type AbilityCounts } from '../../common/schemas/users';
import { policySubject, type CurrentUser, type CurrentUserAttributes } from '../lib/session';

/**
 * The abilities the server would send with this user (`meta.abilities` of `GET user`): the
 * policy (common/policy.ts) decided for the fixture's role and organization, so a fixture cannot
 * drift from the rules. Counts are 0 unless a test gives them.
 */
export function abilitiesFor(user: Pick<CurrentUserAttributes, 'role-id' | 'organization'>, counts: Partial<AbilityCounts> = {}): Abilities {
  return userAbilities(policySubject(user), { activeProjects: 0, reports: 0, adminOf: 0, ...counts });
}

/** A user as the session caches it, with the abilities the server would send for it. */
export function withAbilities<U extends CurrentUser>(user: U, counts?: Partial<AbilityCounts>): U {
  return { ...user, meta: { ...user.meta, abilities: abilitiesFor(user, counts) } };
}

/**
 * The signed-in user document (`GET user`) the component tests serve: Ada, admin of organization
 * 7 "Nebula Games" on the pro plan. Each feature's fixtures pick the project, e-mail and the
 * organization's permissions and capabilities it needs; the abilities follow from them.
 */
export function signedInUserDoc(opts: { defaultProjectId: string; email?: string; organization?: Record<string, unknown>; roleId?: number }) {
  const attributes = {
    name: 'Ada',
    email: opts.email ?? 'ada@nebula.test',
    avatar: null,
    'role-id': opts.roleId ?? 1,
    'tier-id': 5,
    'default-project-id': opts.defaultProjectId,
    status: 'OK',
    organization: {
      id: '7',
      name: 'Nebula Games',
      avatar: null,
      plan: 'pro',
      stripe_customer_id: 'cus_1',
      subscription_status: { trial_expired: false },
      capabilities: {},
      ...opts.organization,
    },
  };
  return {
    data: { type: 'user', id: '1', attributes },
    meta: { abilities: abilitiesFor(attributes as unknown as CurrentUserAttributes) },
  };
}

/** A `GET user` document for these attributes, with the abilities the server would send for them. */
export function userDocOf<A extends Pick<CurrentUserAttributes, 'role-id' | 'organization'>>(attributes: A, counts?: Partial<AbilityCounts>) {
  return { data: { type: 'user', id: '1', attributes }, meta: { abilities: abilitiesFor(attributes, counts) } };
}
