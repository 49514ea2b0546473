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
