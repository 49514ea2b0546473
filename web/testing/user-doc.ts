/**
 * The signed-in user document (`GET user`) the component tests serve: Ada, admin of organization
 * 7 "Nebula Games" on the pro plan. Each feature's fixtures pick the project, e-mail and the
 * organization's permissions and capabilities it needs.
 */
export function signedInUserDoc(opts: { defaultProjectId: string; email?: string; organization?: Record<string, unknown> }) {
  return {
    data: {
      type: 'user',
      id: '1',
      attributes: {
        name: 'Ada',
        email: opts.email ?? 'ada@nebula.test',
        avatar: null,
        'role-id': 1,
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
      },
    },
  };
}
