import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../common/messages.js';
import { sessionDocument } from '../../../common/schemas/auth.js';
import { callerOf, PUBLIC, SELF } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { WindowLimiter } from '../../http/rate-limit.js';
import { requestPasswordReset, resetPassword } from './recovery.js';
import { acceptedDocument, passwordResetBody, passwordResetRequestBody, tokenParams, verifiedDocument } from './schemas.js';
import { appBaseUrl } from '../../http/base-url.js';
import { resendEmailVerification, verifyEmail } from './verification.js';

const HOUR_MS = 3_600_000;
/** Reset e-mails per address and hour: enough for a person who mistyped or lost a message. */
export const RESETS_PER_ADDRESS_PER_HOUR = 5;
/** Reset requests per caller address and hour: an office behind one address, not a spray of guesses. */
export const RESETS_PER_IP_PER_HOUR = 20;
/** Verification e-mails a signed-in user may ask for per hour. */
export const VERIFICATIONS_PER_USER_PER_HOUR = 5;

/** Password reset and e-mail verification (docs/api.md "Password reset and e-mail verification"). */
export default async function recoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;

  const perAddress = new WindowLimiter({ max: RESETS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS });
  const perIp = new WindowLimiter({ max: RESETS_PER_IP_PER_HOUR, windowMs: HOUR_MS });
  const perUser = new WindowLimiter({ max: VERIFICATIONS_PER_USER_PER_HOUR, windowMs: HOUR_MS });

  app.post(
    '/p/password_reset',
    {
      // Sends a link only to the address's own inbox; the answer is the same whether or not it exists.
      config: PUBLIC,
      schema: {
        tags: ['identity'],
        summary: 'E-mail a password reset link (the same answer whether or not an account uses the address)',
        security: [],
        body: passwordResetRequestBody,
        response: { 202: jsonApi(acceptedDocument), ...refusals(429) },
      },
    },
    async (req, reply) => {
      // Both counters move on every request, known address or not: a 429 tells nothing about accounts.
      const ipOk = perIp.take(req.ip);
      const addressOk = perAddress.take(req.body.email);
      if (!ipOk || !addressOk) throw new AppError('rate_limited', MSG.identity.resetRateLimited);
      await requestPasswordReset(db, { email: req.body.email, baseUrl: appBaseUrl(config, req) });
      return reply
        .code(202)
        .type(JSONAPI)
        .send({ meta: { message: MSG.identity.resetRequested } });
    },
  );

  app.post(
    '/p/password_reset/:token',
    {
      // The e-mailed token (32 random bytes, stored hashed) is the credential.
      config: PUBLIC,
      schema: {
        tags: ['identity'],
        summary: 'Set a new password with a reset link; every session ends and a new one is opened',
        security: [],
        params: tokenParams,
        body: passwordResetBody,
        // 410: the link was used or has expired.
        response: { 200: jsonApi(sessionDocument), ...refusals(410) },
      },
    },
    async (req, reply) => {
      const session = await resetPassword(
        { db, authenticator, config },
        {
          token: req.params.token,
          password: req.body.password,
          userAgent: req.headers['user-agent'],
        },
      );
      req.log.info('password reset');
      return reply.type(JSONAPI).send({
        data: { type: 'session' as const, attributes: { token: session.token, expires_at: session.expiresAt.toISOString() } },
      });
    },
  );

  app.post(
    '/p/verify_email/:token',
    {
      // The e-mailed token is the credential.
      config: PUBLIC,
      schema: {
        tags: ['identity'],
        summary: 'Confirm the e-mail address a verification link was sent to',
        security: [],
        params: tokenParams,
        // 410: the link was used, has expired, or the address changed since.
        response: { 200: jsonApi(verifiedDocument), ...refusals(410) },
      },
    },
    async (req, reply) => {
      const done = await verifyEmail(db, req.params.token);
      return reply.type(JSONAPI).send({
        data: {
          type: 'email_verification' as const,
          id: String(done.userId),
          attributes: { email: done.email, verified_at: done.verifiedAt.toISOString() },
        },
        meta: { message: MSG.identity.emailVerified },
      });
    },
  );

  app.post(
    '/verify_email',
    {
      // A new confirmation link for the caller's own address.
      config: SELF,
      schema: {
        tags: ['identity'],
        summary: 'Send the signed-in user a new e-mail verification link',
        // 409: the address is verified already.
        response: { 202: jsonApi(acceptedDocument), ...refusals(404, 409, 429) },
      },
    },
    async (req, reply) => {
      const auth = callerOf(req);
      const baseUrl = appBaseUrl(config, req);
      if (!perUser.take(String(auth.userId))) throw new AppError('rate_limited', MSG.identity.verificationRateLimited);
      const { email } = await resendEmailVerification(db, auth.userId, baseUrl);
      return reply
        .code(202)
        .type(JSONAPI)
        .send({ meta: { message: MSG.identity.verificationSent(email) } });
    },
  );
}
