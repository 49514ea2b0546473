import { compressJson, negotiateEncoding } from './http/compression.js';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fs from 'node:fs';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from './context.js';
import { AppError, errorObject, type ErrorCode, type ErrorObject } from './http/errors.js';
import { JSONAPI, refuseMismatchedId } from './http/jsonapi.js';
import { checkAgainstDocument, documentComponents, documentRoute, sendAsBuilt } from './http/openapi.js';
import { refuseNul } from './http/storable-text.js';
import { applySecurityHeaders } from './http/security-headers.js';
import { accessDeclared, installAccess, PUBLIC, registerWithAccess, type RouteAccess } from './http/access.js';
import { registerRoutes } from './routes.js';
import metricsRoutes from './features/metrics/routes.js';
import { createSlackBotPoster } from './features/slack/service.js';
import { recordRequestDuration } from './features/metrics/service.js';

export type App = FastifyInstance;

export interface RouteEntry {
  method: string;
  url: string;
  /** Who may call it (server/http/access.ts). */
  access: RouteAccess;
}

const routeTables = new WeakMap<object, RouteEntry[]>();

/** Every route the app registered (method, URL pattern and access), e.g. for the tenant-isolation suite. */
export function listRoutes(app: App): RouteEntry[] {
  return routeTables.get(app) ?? [];
}

/** Builds the HTTP app: JSON:API plumbing, auth, OpenAPI, every feature's routes, the web app. */
export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object; serveWeb?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: deps.config.bodyLimitBytes,
    // Only a configured proxy's X-Forwarded-For is believed: otherwise any client could pick the
    // address that per-IP limits (login) count against.
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Errors raised before a route runs (a URL that is not valid UTF-8, a too-long parameter)
    // answer in the same JSON:API shape as everything else.
    frameworkErrors: (err, _req, reply) => {
      const { status, errors } = toErrorDocument(err);
      void (reply as FastifyReply).code(status).type(JSONAPI).send({ errors });
    },
    // Errors of the HTTP parser itself (header too large, malformed request line) reach no route.
    clientErrorHandler: writeClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document answers (and type the handlers); they never filter an answer, and
  // only the tests check one against them (docs/decisions.md, "The OpenAPI document is generated…").
  app.setSerializerCompiler(deps.config.env === 'test' ? checkAgainstDocument : sendAsBuilt);
  // The notifier's Slack app poster reaches the routes with their other dependencies (an ingest a
  // route runs — a WebSub push, a poll now — kicks the notifier in-process); made here unless given.
  if (deps.slackBot === undefined) deps.slackBot = createSlackBotPoster(deps);
  app.decorate('deps', deps);
  // Before any route: every route declares who may call it, and its gate is attached here.
  installAccess(app);
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, access: accessDeclared(r.config)! });
  });
  app.decorateRequest('auth', null);

  // JSON:API documents are JSON.
  app.addContentTypeParser(JSONAPI, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  await app.register(multipart, { limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, so a nullable union is a union with null (3.0's
      // `nullable` needs a `type` beside it, which zod's unions of ids do not have).
      openapi: '3.1.0',
      info: { title: 'Coverwatch API', version: deps.config.version, description: 'JSON:API for media-coverage monitoring' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    transformObject: documentComponents,
  });
  // The API's documentation is public, like the document it shows.
  await registerWithAccess(app, PUBLIC, swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) req.auth = await deps.authenticator.authenticate(req);
  });
  // Behind a proxy that TRUST_PROXY does not name, every request seems to come from the proxy:
  // the login limits then count everyone as one address. Said once, on the first such request.
  if (deps.config.trustProxy === false) {
    let warned = false;
    app.addHook('onRequest', async (req) => {
      if (warned || req.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      req.log.warn(
        { remoteAddress: req.socket.remoteAddress },
        'requests carry X-Forwarded-For but TRUST_PROXY is off: every client looks like the proxy, and login limits count them as one address; set TRUST_PROXY (docs/operations.md)',
      );
    });
  }
  // A NUL reaches no query: refused before validation, wherever it was parsed from.
  app.addHook('preValidation', refuseNul);
  app.addHook('preValidation', refuseMismatchedId);
  app.addHook('onSend', async (req, reply, payload) => {
    applySecurityHeaders(reply);
    return payload;
  });
  // After every other onSend hook: what they return is what is compressed.
  if (deps.config.apiCompression) app.addHook('onSend', compressJson);
  app.addHook('onResponse', recordRequestDuration);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, errors } = toErrorDocument(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    else if (isInputRefusedByDatabase(err)) req.log.warn({ ...databaseErrorOf(err) }, 'database refused a request value');
    reply.code(status).type(JSONAPI).send({ errors });
  });

  await app.register(registerRoutes, { prefix: '/api' });
  app.get('/api/openapi.json', { schema: { hide: true }, config: PUBLIC }, async () => app.swagger());
  // GET /metrics at the root, where Prometheus looks by default (before the web app's fallback).
  await app.register(metricsRoutes);

  if (opts.serveWeb !== false) await serveWebApp(app, deps.config.webDistDir);
  else app.setNotFoundHandler((req, reply) => sendNotFound(reply));
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us. */
function trustProxyOption(v: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_address, hop) => hop < v : v;
}

/** Answers an HTTP parser error (431, 400, 408) on the raw socket, as a JSON:API error document. */
function writeClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail]: [number, ErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'bad_request', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'bad_request', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ errors: [{ ...errorObject(code, detail), status: String(status), title: http.STATUS_CODES[status] }] });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: ${JSONAPI}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}

function sendNotFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type(JSONAPI)
    .send({ errors: [errorObject('not_found', 'No such API route')] });
}

/** The built React app, with index.html for every client-side route. */
async function serveWebApp(app: App, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/')) return sendNotFound(reply);
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    });
    return;
  }
  // wildcard: files are looked up per request, so a rebuild's new hashed assets are served.
  // preCompressed: the build's .br/.gz copies (scripts/vite-precompress.ts) go to a browser that
  // accepts them, with `Vary: Accept-Encoding`. Files under assets/ carry their content's hash in
  // their name, so they never change: cached for a year without asking again. The rest (icons,
  // robots.txt) for an hour; index.html is revalidated on every load (sendApp).
  const assets = path.join(dist, 'assets') + path.sep;
  // The app's files are public (the pages ask for a session through the API); the plugin's
  // routes cannot declare it, so they get it from here.
  await registerWithAccess(app, PUBLIC, fastifyStatic, {
    root: dist,
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // Read per page load (a few KB, only on navigation): a rebuild while the server runs takes effect.
  // The build's brotli or gzip copy when the browser takes one (index.html carries the workspace's
  // route preload list, scripts/vite-route-preload.ts: 4.4 KB, 1.4 KB in brotli).
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, file: string) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const copy = encoding && (await fs.promises.readFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null));
    if (copy) return reply.header('content-encoding', encoding).send(copy);
    return reply.send(await fs.promises.readFile(file, 'utf8'));
  };
  const sendApp = (req: FastifyRequest, reply: FastifyReply) => sendPage(req, reply, index);
  // The static plugin answers a folder ("/") with 403; the root is the app like any other route.
  app.get('/', { schema: { hide: true }, config: PUBLIC }, (req, reply) => sendApp(req, reply));
  // A shared report is a page of its own (web/public-report.tsx: no router, no workspace); a build
  // without it (an older one) serves the app, which had the route.
  const reportPage = path.join(dist, 'web', 'public-report.html');
  app.get('/p/r/*', { schema: { hide: true }, config: PUBLIC }, (req, reply) => sendPage(req, reply, fs.existsSync(reportPage) ? reportPage : index));
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') return sendNotFound(reply);
    // A missing file (an old asset, a typo) is a 404, not the app's page under a script's name.
    // Only file types the build emits count: app routes may end in a domain (/websites/ign.com).
    if (/\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|txt|webmanifest|wasm)$/i.test(req.url.split('?')[0]))
      return reply.code(404).type('text/plain').send('Not found');
    return sendApp(req, reply);
  });
}

/** The error code of a status raised by Fastify or a plugin (403 from a path refusal is `forbidden`). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
};

/** Maps any error to a JSON:API error document and status. */
export function toErrorDocument(err: unknown): { status: number; errors: ErrorObject[] } {
  if (err instanceof AppError) return { status: err.status, errors: err.toObjects() };
  const e = err as FastifyError & { validation?: unknown; validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(e)) {
    const context = e.validationContext ?? 'body';
    const errors = e.validation.map((v) => {
      const pathParts = v.instancePath.split('/').filter(Boolean);
      const source = context === 'body' ? { pointer: v.instancePath || '/' } : { parameter: pathParts.join('.') || context };
      return errorObject(context === 'body' ? 'validation_failed' : 'bad_request', v.message ?? 'Invalid value', source);
    });
    return { status: context === 'body' ? 422 : 400, errors };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, errors: [errorObject('payload_too_large', 'The request body is too large')] };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, errors: [errorObject('unsupported_media_type', 'Unsupported content type')] };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, errors: [errorObject('bad_request', 'The request body is not valid JSON')] };
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    const code = CODE_OF_STATUS[e.statusCode] ?? 'bad_request';
    const title = code === 'bad_request' && e.statusCode !== 400 ? (http.STATUS_CODES[e.statusCode] ?? 'Bad request') : undefined;
    return { status: e.statusCode, errors: [{ ...errorObject(code, e.message), status: String(e.statusCode), ...(title ? { title } : {}) }] };
  }
  // PostgreSQL refused a value the request carried (class 22 "data exception": out of range, not
  // valid for its type; class 54: a search too complex to plan). The request is at fault; the
  // server answers 400 and logs it as a warning, not a 500 with the SQL.
  if (isInputRefusedByDatabase(err)) return { status: 400, errors: [errorObject('bad_request', 'A value in the request is out of range or not valid')] };
  return { status: 500, errors: [errorObject('internal', 'Something went wrong')] };
}

/** A node-postgres error (or Drizzle's wrapper of one, as its cause) whose SQLSTATE blames the data sent. */
export function isInputRefusedByDatabase(err: unknown): boolean {
  const pgError = databaseErrorOf(err);
  return !!pgError && /^(22[0-9A-Z]{3}|54[0-9A-Z]{3})$/.test(pgError.code);
}

function databaseErrorOf(err: unknown): { code: string; message: string } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && 'severity' in e) return { code, message: String((e as { message?: unknown }).message) };
  }
  return null;
}
