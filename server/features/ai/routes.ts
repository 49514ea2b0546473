import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../common/messages.js';
import {
  headlineToolsStatusSchema,
  sentimentResultSchema,
  translationResultSchema,
  type HeadlineToolsStatus,
  type SentimentResult,
  type TranslationResult,
} from '../../../common/schemas/ai.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { z } from 'zod';
import { headlineBody } from '../../../common/schemas/articles.js';
import { org } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { TranslateClient, TranslateNotConfiguredError } from '../../integrations/translate/client.js';
import { headlineLanguage } from './headline-language.js';
import { classifyHeadline } from './sentiment.js';

/** Headline tools exist only for organizations with the capability (`ai.headlineTools`); others see no such route. */
export default async function aiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const translator = new TranslateClient(app.deps.config.translate);
  const headlineTools = org({ action: 'ai.headlineTools' });

  app.post(
    '/sentiment',
    {
      config: headlineTools,
      schema: {
        tags: ['ai'],
        summary: 'Sentiment of a headline (offline)',
        body: headlineBody,
        // 404: the organization has no headline tools.
        response: { 200: jsonApi(z.object({ data: sentimentResultSchema })), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      // VADER reads English only: another language gets "not available", not a confident neutral.
      const lang = headlineLanguage(req.body.article_title, req.body.language);
      if (!lang.english) {
        return reply.type(JSONAPI).send({
          data: {
            sentiment: null,
            score: null,
            available: false,
            language: lang.language,
            reason: MSG.articles.sentimentUnavailable,
          } satisfies SentimentResult,
        });
      }
      let result;
      try {
        result = classifyHeadline(req.body.article_title);
      } catch (err) {
        req.log.error({ err }, 'sentiment failed');
        throw new AppError('internal', MSG.articles.sentimentError);
      }
      return reply
        .type(JSONAPI)
        .send({ data: { sentiment: result.sentiment, score: result.score, available: true, language: lang.language ?? 'en' } satisfies SentimentResult });
    },
  );

  // What the headline tools can do on this server, so the web can say so before a click fails.
  app.get(
    '/headline_tools',
    {
      config: headlineTools,
      schema: {
        tags: ['ai'],
        summary: 'Whether translation is configured and which languages sentiment reads',
        response: {
          200: jsonApi(
            z.object({ data: z.object({ type: z.literal('headline_tools'), id: z.literal('headline_tools'), attributes: headlineToolsStatusSchema }) }),
          ),
          ...refusals(403, 404),
        },
      },
    },
    async (req, reply) => {
      return reply.type(JSONAPI).send({
        data: {
          type: 'headline_tools',
          id: 'headline_tools',
          attributes: {
            translation: { available: translator.configured, reason: translator.configured ? null : MSG.articles.translateNotConnected },
            sentiment: { languages: ['en'] },
          } satisfies HeadlineToolsStatus,
        },
      });
    },
  );

  app.post(
    '/translations',
    {
      config: headlineTools,
      schema: {
        tags: ['ai'],
        summary: 'Translate a headline to English',
        body: headlineBody,
        response: { 200: jsonApi(z.object({ data: translationResultSchema })), ...refusals(403, 404, 502, 503) },
      },
    },
    async (req, reply) => {
      if (!translator.configured) throw new AppError('not_connected', MSG.articles.translateNotConnected);
      try {
        const t = await translator.translate(req.body.article_title, 'en');
        return reply
          .type(JSONAPI)
          .send({ data: { translation: t.translatedText, source_language: t.detectedLanguage?.language ?? null } satisfies TranslationResult });
      } catch (err) {
        if (err instanceof TranslateNotConfiguredError) throw new AppError('not_connected', MSG.articles.translateNotConnected);
        // The reason goes to the log; the reader gets the catalogue's words.
        req.log.warn({ err: (err as Error).message }, 'translation failed');
        throw new AppError('bad_gateway', MSG.articles.translateError);
      }
    },
  );
}
