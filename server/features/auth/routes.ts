import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, sessionDocument as sessionDoc } from '../../../common/schemas/auth.js';
import { callerOf, PUBLIC, SELF } from '../../http/access.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { noContent, refusals } from '../../http/openapi.js';
import { login, logout } from './service.js';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;

  app.post(
    '/auth/login',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        security: [],
        body: loginBody,
        response: { 200: sessionDoc, ...refusals(401, 429) },
      },
    },
    async (req, reply) => {
      const session = await login(db, authenticator, config, {
        ...req.body,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return reply.type(JSONAPI).send({
        data: { type: 'session' as const, attributes: { token: session.token, expires_at: session.expiresAt.toISOString() } },
      });
    },
  );

  app.post(
    '/auth/logout',
    { config: SELF, schema: { tags: ['auth'], summary: 'End the current session', response: { 204: noContent('The token no longer works') } } },
    async (req, reply) => {
      const auth = callerOf(req);
      await logout(db, authenticator, auth.sessionId);
      return reply.code(204).send();
    },
  );
}
