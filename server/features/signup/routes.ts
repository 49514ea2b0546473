import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { typedTermsToKeywords } from '../../../common/query/simple.js';
import { alertPreviewDocument } from '../../../common/schemas/alerts.js';
import {
  freeUserBody,
  freeUserCreatedDocument as freeUserCreated,
  signupAlertPreviewBody,
  signupGamesDocument as gamesDoc,
  signupOptionsDocument as signupOptionsDoc,
} from '../../../common/schemas/signup.js';
import { PUBLIC } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { TwitchClient, TwitchNotConfiguredError, type TwitchCategory } from '../../integrations/twitch/client.js';
import { previewAlert } from '../alerts/service.js';
import { captchaFor, createSession } from '../auth/service.js';
import { appBaseUrl } from '../../http/base-url.js';
import { WindowLimiter } from '../../http/rate-limit.js';
import { plainJson, refusals } from '../../http/openapi.js';
import { createFreeAccount } from './service.js';

export const TWITCH_NOT_CONNECTED = 'Twitch is not connected on this server, so games cannot be searched.';

const challengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

const previewQuery = z.object({
  // Spec: the game lookup runs for more than 2 characters.
  searchTerm: z.string({ error: MSG.validation.feedKeyword }).trim().min(LIMITS.feedKeyword.min, MSG.validation.feedKeyword).max(100),
});

// Game searches are public; remembering answers briefly keeps a busy form (one lookup per
// pause in typing) from spending the install's Twitch rate limit.
const GAME_CACHE_MS = 5 * 60_000;
const GAME_CACHE_MAX = 500;

/** Sign-up alert previews per address and minute: a person typing (debounced) needs far fewer. */
export const SIGNUP_PREVIEW_PER_MINUTE = 30;

export default async function signupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;

  // One captcha per process, shared with the login (a solution is redeemed once, wherever).
  const getCaptcha = () => captchaFor(db, config);

  const twitch = new TwitchClient(config.twitch);
  const gameCache = new Map<string, { games: TwitchCategory[]; until: number }>();

  app.get(
    '/p/captcha',
    {
      config: PUBLIC,
      schema: {
        tags: ['sign-up'],
        summary: 'An ALTCHA proof-of-work challenge for the sign-up form',
        security: [],
        response: { 200: plainJson(challengeSchema) },
      },
    },
    async (req, reply) => {
      const challenge = await (await getCaptcha()).createChallenge();
      return reply.header('cache-control', 'no-store').send(challenge);
    },
  );

  app.post(
    '/p/free_user',
    {
      config: PUBLIC,
      schema: {
        tags: ['sign-up'],
        summary: 'Free sign-up: user, trial organization, brand, project and requested alerts',
        security: [],
        body: freeUserBody,
        // 409: the address has an account.
        response: { 201: plainJson(freeUserCreated), ...refusals(409) },
      },
    },
    async (req, reply) => {
      if (!(await (await getCaptcha()).redeem(req.body.altcha))) throw new AppError('bad_request', MSG.validation.captcha, '/altcha');
      const account = await createFreeAccount(db, req.body, {
        config,
        linkBaseUrl: appBaseUrl(config, req),
        onBackfillError: (err) => req.log.warn({ err }, 'free sign-up: filling the article alert from the archive failed'),
        onCustomerError: (err) => req.log.warn({ err }, 'free sign-up: creating the Stripe customer failed; the hourly billing job retries'),
      });
      const session = await createSession(db, authenticator, config, account.userId, req.headers['user-agent']);
      req.log.info({ userId: account.userId, organizationId: account.organizationId, alertId: account.alertId }, 'free sign-up');
      return reply.code(201).send({
        status: 'OK' as const,
        message: 'Account created',
        data: {
          user: {
            status: 'OK' as const,
            id: String(account.userId),
            email: account.email,
            token: session.token,
            expires_at: session.expiresAt.toISOString(),
          },
          feeds: account.feeds,
        },
      });
    },
  );

  const twitchAvailable = twitch.configured;
  app.get(
    '/p/free_user/options',
    {
      config: PUBLIC,
      schema: {
        tags: ['sign-up'],
        summary: 'What this server can set up at sign-up (a stream alert needs Twitch credentials)',
        security: [],
        response: { 200: plainJson(signupOptionsDoc) },
      },
    },
    async () => ({ data: { twitch: { available: twitchAvailable, reason: twitchAvailable ? null : MSG.signup.twitchUnavailable } } }),
  );

  const previewLimiter = new WindowLimiter({ max: SIGNUP_PREVIEW_PER_MINUTE, windowMs: 60_000 });
  app.post(
    '/p/free_user/alert_preview',
    {
      config: PUBLIC,
      schema: {
        tags: ['sign-up'],
        summary: "What the sign-up's article alert would find: matches of the last two months in the archive and the five newest",
        security: [],
        body: signupAlertPreviewBody,
        response: { 200: plainJson(alertPreviewDocument), ...refusals(429) },
      },
    },
    async (req) => {
      // The same proof of work the sign-up asks for (checked, not spent), and a per-address ceiling.
      if (!previewLimiter.take(req.ip)) throw new AppError('rate_limited', MSG.alertsApi.previewRateLimited);
      if (!(await (await getCaptcha()).verify(req.body.altcha))) throw new AppError('bad_request', MSG.validation.captcha, '/altcha');
      return { data: await previewAlert(db, typedTermsToKeywords(req.body.keywords), { pointer: '/keywords' }) };
    },
  );

  app.get(
    '/p/free_user/preview',
    {
      config: PUBLIC,
      schema: {
        tags: ['sign-up'],
        summary: 'Search Twitch games for the sign-up stream alert',
        security: [],
        querystring: previewQuery,
        response: { 200: plainJson(gamesDoc), ...refusals(503) },
      },
    },
    async (req) => {
      const term = req.query.searchTerm.toLowerCase();
      const hit = gameCache.get(term);
      if (hit && hit.until > Date.now()) return { data: hit.games };
      let games: TwitchCategory[];
      try {
        games = await twitch.searchCategories(req.query.searchTerm);
      } catch (err) {
        if (err instanceof TwitchNotConfiguredError) throw new AppError('not_connected', TWITCH_NOT_CONNECTED);
        req.log.warn({ err }, 'twitch game search failed');
        throw new AppError('unavailable', 'Twitch could not be reached. Please try again in a few minutes.');
      }
      if (gameCache.size >= GAME_CACHE_MAX) gameCache.delete(gameCache.keys().next().value!);
      gameCache.set(term, { games, until: Date.now() + GAME_CACHE_MS });
      return { data: games };
    },
  );
}
