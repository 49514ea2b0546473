import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import type { Capabilities, PlanPermissions } from '../../common/plans.js';
import { MSG } from '../../common/messages.js';
import type { Db } from '../db/client.js';
import { authorize } from './authorize.js';
import { AppError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrgContext {
  id: number;
  name: string;
  plan: string;
  tierId: number;
  permissions: PlanPermissions;
  capabilities: Capabilities;
  trialEndsAt: Date | null;
  stripeCustomerId: string | null;
  /** common/plans.ts SubscriptionStatus. */
  subscriptionStatus: string;
}

export interface AuthContext {
  userId: number;
  sessionId: string;
  name: string;
  email: string;
  tierId: number;
  roleId: number | null;
  org: OrgContext | null;
}

/** An authenticated caller who is an active member of an organization. */
export interface OrgAuth extends AuthContext {
  orgId: number;
  roleId: number;
  org: OrgContext;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Bearer tokens are JWTs (HS256) naming a session row; the row makes logout and expiry
 * authoritative. The resolved caller is cached per session for a few seconds so that a busy
 * API does not look the session up on every call; writes that change a caller's access
 * (logout, kick, promote, plan change) drop the cache entry in this process, and other API
 * processes see the change within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 5000;
const CACHE_MAX = 20000;

export class Authenticator {
  private key: Uint8Array;
  private cache = new Map<string, { ctx: AuthContext | null; sid: string; until: number }>();

  constructor(
    private db: Db,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issueToken(sessionId: string, userId: number, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Resolves the caller of a request, or null for a missing, invalid or expired token. */
  async authenticate(req: FastifyRequest): Promise<AuthContext | null> {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const token = header.slice(7).trim();
    const now = Date.now();
    // Keyed by the token itself: a hit skips the signature check too (the token was verified
    // when the entry was made, and its own expiry still bounds the entry).
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit.ctx;
    let sid: string;
    let exp: number;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      // Session ids are UUIDs: anything else (even correctly signed) names no session, and must
      // not reach the uuid column's cast as a query error.
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid) || typeof payload.exp !== 'number') return null;
      sid = payload.sid;
      exp = payload.exp * 1000;
    } catch {
      return null;
    }
    const ctx = await this.load(sid);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(token, { ctx, sid, until: Math.min(now + CACHE_TTL_MS, exp) });
    return ctx;
  }

  forgetSession(sessionId: string) {
    for (const [token, entry] of this.cache) if (entry.sid === sessionId) this.cache.delete(token);
  }

  /** Drops every cached caller (after membership or plan changes). */
  forgetAll() {
    this.cache.clear();
  }

  private async load(sid: string): Promise<AuthContext | null> {
    const { rows } = await this.db.execute<{
      user_id: number;
      name: string;
      email: string;
      tier_id: number;
      role_id: number | null;
      org_id: number | null;
      org_name: string | null;
      plan: string | null;
      org_tier: number | null;
      permissions: PlanPermissions | null;
      capabilities: Capabilities | null;
      trial_ends_at: Date | null;
      stripe_customer_id: string | null;
      subscription_status: string | null;
    }>(sql`
      select u.id as user_id, u.name, u.email, u.tier_id, m.role_id,
             o.id as org_id, o.name as org_name, o.plan, o.tier_id as org_tier, o.permissions,
             o.capabilities, o.trial_ends_at, o.stripe_customer_id, o.subscription_status
        from sessions s
        join users u on u.id = s.user_id
        left join memberships m on m.user_id = u.id and m.organization_id = u.organization_id
        left join organizations o on o.id = m.organization_id
       where s.id = ${sid} and s.revoked_at is null and s.expires_at > now()`);
    const r = rows[0];
    if (!r) return null;
    return {
      userId: r.user_id,
      sessionId: sid,
      name: r.name,
      email: r.email,
      tierId: r.tier_id,
      roleId: r.role_id,
      org:
        r.org_id === null
          ? null
          : {
              id: r.org_id,
              name: r.org_name!,
              plan: r.plan!,
              tierId: r.org_tier!,
              permissions: r.permissions!,
              capabilities: r.capabilities!,
              trialEndsAt: r.trial_ends_at ? new Date(r.trial_ends_at) : null,
              stripeCustomerId: r.stripe_customer_id,
              subscriptionStatus: r.subscription_status ?? 'trialing',
            },
    };
  }
}

export function requireUser(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('unauthorized', MSG.auth.sessionExpired);
  return req.auth;
}

/** The caller must be an active (not kicked) member of their current organization (`org.member`). */
export function requireOrg(req: FastifyRequest): OrgAuth {
  const auth = authorize(requireUser(req), 'org.member');
  // `org.member` has checked both: an organization, and an admin or user role in it.
  return { ...auth, orgId: auth.org!.id, roleId: auth.roleId!, org: auth.org! };
}

/** Workspace routes: an organization whose trial ended can read nothing until it upgrades (`workspace.use`). */
export function requireActiveOrg(req: FastifyRequest): OrgAuth {
  return authorize(requireOrg(req), 'workspace.use');
}

/** An admin of the caller's organization (`org.admin`). */
export function requireAdmin(req: FastifyRequest): OrgAuth {
  return authorize(requireOrg(req), 'org.admin');
}
