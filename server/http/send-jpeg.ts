import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { MSG } from '../../common/messages.js';
import { AppError } from './errors.js';

/** Sends a stored JPEG; 404 with the catalogue's image message when there is none (pending, placeholder). */
export function sendJpeg(reply: FastifyReply, body: Readable | null, cache: 'private' | 'public') {
  if (!body) throw new AppError('not_found', MSG.reports.imageError);
  return reply.type('image/jpeg').header('cache-control', `${cache}, max-age=300`).header('x-content-type-options', 'nosniff').send(body);
}
