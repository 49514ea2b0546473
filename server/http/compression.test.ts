import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';
import { COMPRESS_MIN_BYTES, compressJson, negotiateEncoding } from './compression.js';

/** JSON answers compressed for clients that accept it (bench/compression.ts measured the cost). */
describe('negotiateEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q-values and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, identity')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('br;q=nonsense, gzip')).toBe('gzip');
    expect(negotiateEncoding(',,;;q=,')).toBeNull();
  });
});

describe('compressJson', () => {
  const big = { data: Array.from({ length: 200 }, (_, i) => ({ id: String(i), type: 'article', attributes: { title: `Story ${i} of the coverage` } })) };
  const app = Fastify();
  app.addHook('onSend', compressJson);
  app.get('/big', async (_req, reply) => reply.type('application/vnd.api+json').send(big));
  app.get('/small', async () => ({ ok: true }));
  app.get('/csv', async (_req, reply) => reply.type('text/csv').send('a,b\n'.repeat(2000)));
  app.get('/stream', async (_req, reply) => reply.type('application/json').send(Readable.from([JSON.stringify(big)])));
  app.get('/vary', async (_req, reply) => reply.header('vary', 'Origin').send(big));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('sends brotli or gzip of a JSON answer of 1 KB or more, the same JSON once decoded', async () => {
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toBe('Accept-Encoding');

    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('leaves small answers, other types, streams and HEAD alone, and keeps a Vary already set', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const csv = await app.inject({ url: '/csv', headers: { 'accept-encoding': 'br' } });
    expect(csv.headers['content-encoding']).toBeUndefined();
    const stream = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'br' } });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(big);
    const head = await app.inject({ method: 'HEAD', url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBeUndefined();
    const vary = await app.inject({ url: '/vary', headers: { 'accept-encoding': 'br' } });
    expect(vary.headers.vary).toBe('Origin, Accept-Encoding');
  });
});

describe('the API', () => {
  let on: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    on = await createTestContext();
    off = await createTestContext({ API_COMPRESSION: 'false' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('compresses its JSON answers unless API_COMPRESSION=false', async () => {
    const compressed = await on.call('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString()).openapi).toBe('3.1.0');
    const plain = await off.call('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBe('3.1.0');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });
});
