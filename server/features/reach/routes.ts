import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RANKING_MAX_BYTES, rankingResourceSchema, rankingUpdateBody } from '../../../common/schemas/reach.js';
import { oneDocument } from '../../../common/schemas/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { z } from 'zod';
import { operator } from '../../http/access.js';
import { AppError, fieldError } from '../../http/errors.js';
import { resource, sendOne } from '../../http/jsonapi.js';
import { enqueueRankingUpload, importUploadedRanking, REACH_QUEUES } from './jobs.js';
import { megabytes } from './ranking-parse.js';
import { rankingStatus } from './ranking.js';
import { writeAttempt, writeAutoUpdate } from './state.js';

/**
 * The traffic ranking (issue 26), the platform operator's: its state, the daily-update switch,
 * and an upload. Anyone else gets a 404, before the body is read.
 */
export default async function reachRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const operatorOnly = operator();
  const status = async () => resource('ranking', 'current', { ...(await rankingStatus({ db, config })) });
  // The platform operator's admins only: anyone else gets 404, a caller without an organization 403.
  const rankingDocument = jsonApi(oneDocument(rankingResourceSchema));

  app.get(
    '/operator/ranking',
    {
      config: operatorOnly,
      schema: {
        tags: ['reach'],
        summary: 'The traffic ranking: current list, last import, daily updates (platform operator)',
        response: { 200: rankingDocument, ...refusals(403, 404) },
      },
    },
    async (_req, reply) => sendOne(reply, await status()),
  );

  app.patch(
    '/operator/ranking',
    {
      config: operatorOnly,
      schema: {
        tags: ['reach'],
        summary: 'Switch daily Tranco updates on or off (platform operator)',
        body: rankingUpdateBody,
        response: { 200: rankingDocument, ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const on = req.body.data.attributes.auto_update;
      await writeAutoUpdate(db, on);
      // Switched on: the first list is fetched now, not at the next half hour.
      if (on) await app.deps.boss?.send(REACH_QUEUES.ranking, {});
      return sendOne(reply, await status());
    },
  );

  app.post(
    '/operator/ranking',
    {
      config: operatorOnly,
      schema: {
        tags: ['reach'],
        summary: 'Upload a ranking list (multipart field `file`: `rank,domain` lines, plain, gzipped or zipped); imported in the background',
        consumes: ['multipart/form-data'],
        documentedBody: z.object({ file: z.file().describe('`rank,domain` lines: CSV, gzipped CSV or a ZIP holding one') }),
        response: { 202: rankingDocument, ...refusals(403, 404, 422) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw fieldError('/file', 'Choose a ranking file (CSV or ZIP) to upload');
      const dir = path.join(config.dataDir, 'tmp');
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `ranking-${randomUUID()}`);
      let name: string | undefined;
      try {
        for await (const part of req.parts({ limits: { fileSize: RANKING_MAX_BYTES, files: 1 } })) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || name !== undefined) {
            part.file.resume();
            continue;
          }
          name = (part.filename || 'ranking.csv').slice(0, 200);
          await pipeline(part.file, createWriteStream(file));
          if (part.file.truncated) throw new AppError('payload_too_large', `The file is larger than ${megabytes(RANKING_MAX_BYTES)}.`, '/file');
        }
      } catch (err) {
        await unlink(file).catch(() => {});
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('payload_too_large', `The file is larger than ${megabytes(RANKING_MAX_BYTES)}.`, '/file');
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw fieldError('/file', 'Upload one ranking file at a time');
        throw err;
      }
      if (name === undefined) throw fieldError('/file', 'Choose a ranking file (CSV or ZIP) to upload');
      await writeAttempt(db, { state: 'importing', source: 'upload', error: null });
      const boss = app.deps.boss;
      if (boss) await enqueueRankingUpload(boss, { path: file, name });
      // A process without the job queue (tests that run the API alone) imports it itself, after answering.
      else setImmediate(() => void importUploadedRanking({ db, config, log: app.log as unknown as Logger }, { path: file, name }));
      return sendOne(reply, await status(), 202);
    },
  );
}
