import type { TenantFixture, TenantProbeSet } from './types.js';

/**
 * The identity routes in the tenant-isolation suite (issue 15). Recovery holds no organization
 * data: the public routes act only for whoever holds an e-mailed token (32 random bytes, stored
 * hashed) or, for the reset request, answer the same for every address; the resend acts on the
 * caller's own user. The snapshot proves an outsider's requests leave the owner's tokens and
 * password alone.
 */
export const identityProbes: TenantProbeSet = {
  async setup() {},
  publicRoutes: [
    // Sends a link only to the address's own inbox; the answer is the same whether or not it exists.
    'POST /api/p/password_reset',
    // The e-mailed token is the credential (identity/recovery.test.ts).
    'POST /api/p/password_reset/:token',
    'POST /api/p/verify_email/:token',
    // Single sign-on (identity/oidc.test.ts): the provider's answer and a single-use state are the credentials.
    'GET /api/p/oidc',
    'GET /api/p/oidc/login',
    'GET /api/p/oidc/callback',
    'GET /api/p/oidc/logout',
    // Exchanges this browser's single-use hand-off cookie (set by the callback) for its session.
    'POST /api/p/oidc/session',
  ],
  selfRoutes: [
    // A new confirmation link for the caller's own address.
    'POST /api/verify_email',
  ],
  async snapshot(f: TenantFixture) {
    const { rows } = await f.ctx.deps.pool.query(
      `select u.id, u.password_hash, u.email_verified_at, t.kind, t.token_hash, t.used_at, t.expires_at
         from users u left join user_tokens t on t.user_id = u.id
        where u.id = $1 order by t.id`,
      [f.owner.admin.user.id],
    );
    return JSON.stringify(rows);
  },
};
