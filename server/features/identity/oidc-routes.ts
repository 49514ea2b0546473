import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { createOidcProvider, finishOidcLogin, isSafeReturnTo, oidcLogoutUrl, SsoError, startOidcLogin } from './oidc.js';

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

export default async function oidcRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;
  // One per app: discovery is fetched on the first login and cached with it.
  const provider = createOidcProvider(config);

  /** This app's origin as the provider sees it: PUBLIC_URL, else the request's (the redirect URI must be registered either way). */
  const origin = (req: FastifyRequest) => (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/(?<!\/)\/+$/, '');
  const callbackUri = (req: FastifyRequest) => `${origin(req)}/api/p/oidc/callback`;

  app.get(
    '/p/oidc',
    { schema: { tags: ['auth'], summary: 'Whether single sign-on is offered, and its button label', security: [], response: { 200: oidcDocument } } },
    async (_req, reply) =>
      reply.type(JSONAPI).send({
        data: { type: 'oidc' as const, id: 'oidc' as const, attributes: { enabled: provider.enabled, label: provider.label, login_url: '/api/p/oidc/login' as const } },
      }),
  );

  app.get(
    '/p/oidc/login',
    { schema: { tags: ['auth'], summary: "Start single sign-on: redirects to the identity provider", security: [], querystring: loginQuery } },
    async (req, reply) => {
      try {
        const url = await startOidcLogin(db, provider, { redirectUri: callbackUri(req), returnTo: req.query.return_to ?? null });
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (err) {
        if (!(err instanceof SsoError)) throw err;
        req.log.warn({ err: err.cause ?? err }, 'single sign-on could not start');
        return reply.redirect(ssoErrorPath(err.message), 302);
      }
    },
  );

  app.get(
    '/p/oidc/callback',
    { schema: { tags: ['auth'], summary: "The identity provider's redirect back: signs in and continues at /loading/callback", security: [] } },
    async (req, reply) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      try {
        const session = await finishOidcLogin({ db, authenticator, config }, provider, {
          query,
          redirectUri: callbackUri(req),
          userAgent: req.headers['user-agent'],
        });
        // A fragment: the token never reaches a server log or a Referer header.
        const fragment = new URLSearchParams({ token: session.token, expires_at: session.expiresAt.toISOString() });
        if (session.returnTo) fragment.set('return_to', session.returnTo);
        return reply.redirect(`/loading/callback#${fragment}`, 302);
      } catch (err) {
        if (!(err instanceof SsoError)) throw err;
        req.log.warn({ err: err.cause ?? err, sso: err.message }, 'single sign-on refused');
        return reply.redirect(ssoErrorPath(err.message), 302);
      }
    },
  );

  app.get(
    '/p/oidc/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "After a local logout: the identity provider's logout, returning to /authentication/basic/logout",
        security: [],
      },
    },
    async (req, reply) => {
      const back = `${origin(req)}/authentication/basic/logout`;
      const url = await oidcLogoutUrl(provider, back);
      return reply.header('cache-control', 'no-store').redirect(url ? url.href : '/authentication/basic/logout', 302);
    },
  );
}
