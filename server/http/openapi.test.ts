import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifySerializerCompiler } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { listRoutes } from '../app.js';
import { JSONAPI } from './jsonapi.js';
import { checkAgainstDocument, jsonApi, sendAsBuilt } from './openapi.js';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';
import { makeClient, makeOrg } from '../../test/helpers/factories.js';

/**
 * Issue 27: the OpenAPI document describes every operation: its request body, its success and
 * its error answers, each from a schema. This walks the document the way an outside client (or
 * fuzzer) reads it, and names every operation with a gap.
 */

/**
 * Write operations that truly take no body, each with why. Every other POST, PUT and PATCH must
 * document one.
 */
const NO_BODY: Record<string, string> = {
  'POST /api/auth/logout': 'ends the session the bearer token names',
  'POST /api/invite': 'a new link of the caller’s organization; nothing to choose',
  'POST /api/verify_email': 'sends the signed-in user a new link to their own address',
  'POST /api/p/verify_email/{token}': 'the token in the path is the whole request',
  'POST /api/slack/channels/refresh': 'reads the connected workspace’s channels again',
  'POST /api/p/unsubscribe/{token}': 'the token in the path is the whole request (one-click unsubscribe, RFC 8058)',
  'POST /api/p/oidc/session': 'the hand-off cookie of the finished sign-on is the whole request',
};

/** Routes left out of the document on purpose, each with why. */
const HIDDEN: Record<string, string> = {
  'GET /api/p/websub/{feedId}': 'a WebSub hub verifying a subscription (W3C WebSub), not a call of an API client',
  'POST /api/p/websub/{feedId}': 'a WebSub hub pushing a feed, HMAC-signed with our secret',
  'GET /api/p/youtube_websub/{channelId}': 'YouTube’s WebSub hub verifying a channel subscription',
  'POST /api/p/youtube_websub/{channelId}': 'YouTube’s WebSub hub pushing a channel’s new video, HMAC-signed',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const isJson = (mediaType: string) => /^application\/([\w.+-]+\+)?json$/.test(mediaType);

let ctx: TestContext;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.call('GET', '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => ctx?.close());

function operations(): { name: string; method: string; op: OpenAPIV3.OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item?.[m]).map((m) => ({ name: `${m.toUpperCase()} ${path}`, method: m, op: item![m]! })),
  );
}

/** The object a `$ref` names, or the object itself. */
function deref<T>(o: T | OpenAPIV3.ReferenceObject): T {
  if (o && typeof o === 'object' && '$ref' in o) return resolvePointer(o.$ref) as T;
  return o as T;
}

function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const part of ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (at === null || typeof at !== 'object' || !(part in at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A schema that says something: a type, a reference, a combination, or an enumeration. */
const describesSomething = (s: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | undefined) =>
  !!s && ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'properties'].some((k) => k in s);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3 with every route of the app in it', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    const documented = new Set(operations().map((o) => o.name));
    const missing = listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((name) => !documented.has(name) && !(name in HIDDEN));
    expect(missing).toEqual([]);
    for (const name of Object.keys(HIDDEN)) expect(documented.has(name), name).toBe(false);
  });

  it('documents a success answer for every operation, with a schema wherever it is JSON', () => {
    const gaps: string[] = [];
    for (const { name, op } of operations()) {
      const successes = Object.entries(op.responses).filter(([status]) => /^[23]\d\d$/.test(status));
      if (!successes.length) gaps.push(`${name}: no success response`);
      for (const [status, r] of successes) {
        const response = deref<OpenAPIV3.ResponseObject>(r);
        if (!response.content && !['204', '301', '302', '303', '304', '307'].includes(status)) gaps.push(`${name}: ${status} has no content`);
        for (const [mediaType, media] of Object.entries(response.content ?? {}))
          if (isJson(mediaType) && !describesSomething(media.schema)) gaps.push(`${name}: ${status} ${mediaType} has no schema`);
          else if (!media.schema) gaps.push(`${name}: ${status} ${mediaType} has no schema`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('documents the error answers of every operation as JSON:API error documents', () => {
    const gaps: string[] = [];
    for (const { name, op } of operations()) {
      const errors = Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status));
      if (!errors.length) gaps.push(`${name}: no 4xx response`);
      if (!('400' in op.responses)) gaps.push(`${name}: no 400`);
      if ((op.security ?? doc.security ?? []).length > 0 && !('401' in op.responses)) gaps.push(`${name}: needs a token but documents no 401`);
      if (name.includes('{') && !('404' in op.responses)) gaps.push(`${name}: names a resource but documents no 404`);
      for (const [status, r] of errors) {
        const schema = deref<OpenAPIV3.ResponseObject>(r).content?.['application/vnd.api+json']?.schema;
        if (!schema || !('$ref' in schema) || schema.$ref !== '#/components/schemas/ErrorDocument') gaps.push(`${name}: ${status} is not an error document`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('documents the request body of every write operation', () => {
    const gaps: string[] = [];
    for (const { name, method, op } of operations()) {
      if (!['post', 'put', 'patch'].includes(method) || name in NO_BODY) continue;
      const body = op.requestBody && deref<OpenAPIV3.RequestBodyObject>(op.requestBody);
      if (!body) gaps.push(`${name}: no request body`);
      else
        for (const [mediaType, media] of Object.entries(body.content))
          if (!describesSomething(media.schema)) gaps.push(`${name}: ${mediaType} body has no schema`);
    }
    expect(gaps).toEqual([]);
    // The allow-list holds only operations that exist and really have no body.
    const byName = new Map(operations().map((o) => [o.name, o.op]));
    for (const name of Object.keys(NO_BODY)) {
      expect(byName.has(name), name).toBe(true);
      expect(byName.get(name)!.requestBody, name).toBeUndefined();
    }
  });

  it('is well formed: every $ref resolves, and every schema compiles', () => {
    const unresolved: string[] = [];
    const walk = (o: unknown, at: string) => {
      if (Array.isArray(o)) o.forEach((v, i) => walk(v, `${at}/${i}`));
      else if (o && typeof o === 'object')
        for (const [k, v] of Object.entries(o)) {
          if (k === '$ref' && (typeof v !== 'string' || resolvePointer(v) === undefined)) unresolved.push(`${at}: ${String(v)}`);
          walk(v, `${at}/${k}`);
        }
    };
    walk(doc, '#');
    expect(unresolved).toEqual([]);

    // Each schema is valid JSON Schema (with OpenAPI's `nullable`), its references included.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ components: doc.components } as object, 'openapi.json');
    const bad: string[] = [];
    const compile = (schema: unknown, where: string) => {
      try {
        ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')));
      } catch (err) {
        bad.push(`${where}: ${(err as Error).message}`);
      }
    };
    for (const { name, op } of operations()) {
      for (const [mediaType, media] of Object.entries(deref<OpenAPIV3.RequestBodyObject>(op.requestBody ?? { content: {} }).content))
        compile(media.schema ?? {}, `${name} body ${mediaType}`);
      for (const [status, r] of Object.entries(op.responses))
        for (const [mediaType, media] of Object.entries(deref<OpenAPIV3.ResponseObject>(r).content ?? {}))
          compile(media.schema ?? {}, `${name} ${status} ${mediaType}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('answers match the documented schemas', () => {
  // The serializer sends what handlers build (it checks nothing), so a sample of real answers is
  // checked against the document as an outside client would check them.
  it('a created brand, the brand list and a refusal', async () => {
    const { token, org } = await makeOrg(ctx);
    await makeClient(ctx, org.id, 'Documented Brand');
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ components: doc.components } as object, 'openapi.json');
    const check = (name: string, status: number, body: unknown) => {
      const [method, path] = name.split(' ');
      const op = doc.paths[path]![method.toLowerCase() as 'get']!;
      const media = deref<OpenAPIV3.ResponseObject>(op.responses[String(status)]!).content!['application/vnd.api+json'];
      const validate = ajv.compile(JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"openapi.json#/components/')));
      expect(validate(body), `${name} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const created = await ctx.call('POST', '/api/clients', { token, body: { data: { type: 'client', attributes: { name: 'Second Brand' } } } });
    check('POST /api/clients', 201, created.json());
    const list = await ctx.call('GET', '/api/clients', { token });
    check('GET /api/clients', 200, list.json());
    const refused = await ctx.call('GET', '/api/clients/999999', { token });
    check('GET /api/clients/{id}', 404, refused.json());
  });
});

describe('response schemas at run time', () => {
  /** A route documented as answering `{ data: { name: string } }` that answers something else. */
  async function offSchemaRoute(serializer: FastifySerializerCompiler<unknown>) {
    const app = Fastify();
    app.setSerializerCompiler(serializer);
    app.get('/off', { schema: { response: { 200: jsonApi(z.object({ data: z.object({ name: z.string() }) })) } } }, async (_req, reply) =>
      reply.type(JSONAPI).send({ data: { name: 7, extra: true } }),
    );
    await app.ready();
    return app;
  }

  it('sends an answer as the handler built it: nothing stripped, nothing refused', async () => {
    const app = await offSchemaRoute(sendAsBuilt);
    const res = await app.inject({ method: 'GET', url: '/off' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 7, extra: true } });
    await app.close();
  });

  it('in tests, an answer its schema does not describe fails loudly, naming the route and the field', async () => {
    const app = await offSchemaRoute(checkAgainstDocument);
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.inject({ method: 'GET', url: '/off' });
    expect(res.statusCode).toBe(500);
    expect(said.mock.calls[0][0]).toMatch(/GET \/off[\s\S]*data\.name/);
    said.mockRestore();
    await app.close();
  });
});
