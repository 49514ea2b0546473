import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { requestLogFields } from './request-log.js';

describe('request log lines', () => {
  it('keep the route pattern, never a token in the path or the query', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestLogFields } } });
    app.post('/api/p/password_reset/:token', async () => ({ ok: true }));
    // As server/app.ts does: its own 404 (Fastify's default one logs the raw URL in its message).
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ errors: [] }));
    await app.ready();
    const secret = 'Zq9_secretsecretsecretsecretsecretsecret123';
    await app.inject({ method: 'POST', url: `/api/p/password_reset/${secret}?code=abc123` });
    await app.inject({ method: 'GET', url: `/api/p/nowhere/${secret}?code=abc123` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/api/p/password_reset/:token"');
    expect(log).toContain(`"url":"/api/p/nowhere/${secret}"`); // no route: the path, still without the query
    expect(log).not.toContain('abc123');
    expect(log.split(secret).length - 1).toBe(1);
  });
});
