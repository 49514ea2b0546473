import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { PUBLIC } from '../../http/access.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { jsonApi, noContent, refusals } from '../../http/openapi.js';
import { sessionDocument } from '../../../common/schemas/auth.js';
import { AppError } from '../../http/errors.js';
import { WindowLimiter } from '../../http/rate-limit.js';
import {
  createOidcProvider,
  finishOidcLogin,
  isSafeReturnTo,
  OIDC_LOGIN_TTL_MS,
  oidcLogoutUrl,
  redeemSsoHandoff,
  SSO_HANDOFF_TTL_MS,
  SsoError,
  startOidcLogin,
} from './oidc.js';

/*
 * OpenID Connect login beside local accounts. Every route here is a top-level browser
 * navigation except `GET /p/oidc`, so failures end in a redirect to /login?sso_error=<sentence>
 * rather than a JSON document the person would see raw.
 */

/** The answer of GET /p/oidc (the login page reads it: web/features/auth/api/oidc.ts). */
export const oidcDocument = z.object({
  data: z.object({
    type: z.literal('oidc'),
    id: z.literal('oidc'),
    attributes: z.object({ enabled: z.boolean(), label: z.string(), login_url: z.literal('/api/p/oidc/login') }),
  }),
});

const loginQuery = z.object({
  return_to: z.string().refine(isSafeReturnTo, MSG.oidc.returnTo).optional(),
});

const ssoErrorPath = (sentence: string) => `/login?${new URLSearchParams({ sso_error: sentence })}`;

/** Sign-ins one address may start in a minute (GET /p/oidc/login). */
export const OIDC_STARTS_PER_IP_PER_MINUTE = 120;

/*
 * Two HttpOnly cookies bind a login to the browser that started it. `cw_sso_state` (set when the
 * login starts) must come back with the provider's redirect, so a callback URL of someone else's
 * login does nothing here; `cw_sso_handoff` (set by the callback) is what /loading/callback
 * exchanges for the session, so no session token ever travels in an address that could be sent
 * to someone else (login CSRF). SameSite=Lax: sent on the provider's top-level redirect back,
 * never on another site's POST.
 */
const STATE_COOKIE = 'cw_sso_state';
const HANDOFF_COOKIE = 'cw_sso_handoff';
const COOKIE_PATH = '/api/p/oidc';

function readCookie(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function cookie(name: string, value: string, maxAgeMs: number, secure: boolean): string {
  const attrs = [`${name}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${Math.floor(maxAgeMs / 1000)}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}

export default async function oidcRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;
  // One per app: discovery is fetched on the first login and cached with it.
  const provider = createOidcProvider(config);

  /** This app's origin as the provider sees it: PUBLIC_URL, else the request's (the redirect URI must be registered either way). */
  const origin = (req: FastifyRequest) => (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/(?<!\/)\/+$/, '');
  const callbackUri = (req: FastifyRequest) => `${origin(req)}/api/p/oidc/callback`;
  const secure = (req: FastifyRequest) => origin(req).startsWith('https:');
  // Starts per address per minute: generous, since a company signs in from behind one address; a
  // flood from one address stops here, the pending-login cap (startOidcLogin) bounds the rest.
  const startsPerIp = new WindowLimiter({ max: OIDC_STARTS_PER_IP_PER_MINUTE, windowMs: 60_000 });
  // Every route here is public: the provider's answer and a single-use state are the credentials,
  // and the session route exchanges this browser's single-use hand-off cookie for its session.

  app.get(
    '/p/oidc',
    {
      config: PUBLIC,
      schema: { tags: ['auth'], summary: 'Whether single sign-on is offered, and its button label', security: [], response: { 200: jsonApi(oidcDocument) } },
    },
    async (_req, reply) =>
      reply.type(JSONAPI).send({
        data: {
          type: 'oidc' as const,
          id: 'oidc' as const,
          attributes: { enabled: provider.enabled, label: provider.label, login_url: '/api/p/oidc/login' as const },
        },
      }),
  );

  app.get(
    '/p/oidc/login',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on: redirects to the identity provider',
        security: [],
        querystring: loginQuery,
        response: { 302: noContent('To the identity provider, or back to /login?sso_error=… when single sign-on cannot start') },
      },
    },
    async (req, reply) => {
      try {
        if (!startsPerIp.take(req.ip)) throw new SsoError(MSG.oidc.tooManyFromHere);
        const { url, state } = await startOidcLogin(db, provider, { redirectUri: callbackUri(req), returnTo: req.query.return_to ?? null });
        return reply
          .header('cache-control', 'no-store')
          .header('set-cookie', cookie(STATE_COOKIE, state, OIDC_LOGIN_TTL_MS, secure(req)))
          .redirect(url.href, 302);
      } catch (err) {
        if (!(err instanceof SsoError)) throw err;
        req.log.warn({ err: err.cause ?? err }, 'single sign-on could not start');
        return reply.redirect(ssoErrorPath(err.message), 302);
      }
    },
  );

  app.get(
    '/p/oidc/callback',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: "The identity provider's redirect back: signs in and continues at /loading/callback",
        security: [],
        response: { 302: noContent('To /loading/callback (signed in), or to /login?sso_error=…') },
      },
    },
    async (req, reply) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('set-cookie', cookie(STATE_COOKIE, '', 0, secure(req)));
      try {
        // The login must finish in the browser that started it.
        const state = query.get('state');
        if (!state || readCookie(req, STATE_COOKIE) !== state) throw new SsoError(MSG.oidc.loginExpired);
        const { handoff, returnTo } = await finishOidcLogin({ db }, provider, { query, redirectUri: callbackUri(req) });
        reply.header('set-cookie', cookie(HANDOFF_COOKIE, handoff, SSO_HANDOFF_TTL_MS, secure(req)));
        const next = new URLSearchParams({ sso: '1' });
        if (returnTo) next.set('return_to', returnTo);
        return reply.redirect(`/loading/callback#${next}`, 302);
      } catch (err) {
        if (!(err instanceof SsoError)) throw err;
        req.log.warn({ err: err.cause ?? err, sso: err.message }, 'single sign-on refused');
        return reply.redirect(ssoErrorPath(err.message), 302);
      }
    },
  );

  app.post(
    '/p/oidc/session',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'The session of a finished single sign-on, for the browser holding its hand-off cookie (/loading/callback asks)',
        security: [],
        // 401: no hand-off cookie, or it has expired or was used.
        response: { 200: jsonApi(sessionDocument), ...refusals(401) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('set-cookie', cookie(HANDOFF_COOKIE, '', 0, secure(req)));
      const handoff = readCookie(req, HANDOFF_COOKIE);
      try {
        if (!handoff || !/^[\w-]{43}$/.test(handoff)) throw new SsoError(MSG.oidc.loginExpired);
        const session = await redeemSsoHandoff({ db, authenticator, config }, handoff, req.headers['user-agent']);
        return reply
          .code(200)
          .type(JSONAPI)
          .send({ data: { type: 'session', attributes: { token: session.token, expires_at: session.expiresAt.toISOString() } } });
      } catch (err) {
        if (!(err instanceof SsoError)) throw err;
        throw new AppError('unauthorized', err.message);
      }
    },
  );

  app.get(
    '/p/oidc/logout',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: "After a local logout: the identity provider's logout, returning to /authentication/basic/logout",
        security: [],
        response: { 302: noContent("To the identity provider's logout, or straight to /authentication/basic/logout") },
      },
    },
    async (req, reply) => {
      const back = `${origin(req)}/authentication/basic/logout`;
      const url = await oidcLogoutUrl(provider, back);
      return reply.header('cache-control', 'no-store').redirect(url ? url.href : '/authentication/basic/logout', 302);
    },
  );
}
