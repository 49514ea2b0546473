import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from './context.js';
import { AppError, errorObject, type ErrorObject } from './http/errors.js';
import { JSONAPI } from './http/jsonapi.js';
import { registerRoutes } from './routes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type App = FastifyInstance;

const routeTables = new WeakMap<object, { method: string; url: string }[]>();

/** Every route the app registered (method and URL pattern), e.g. for the tenant-isolation suite. */
export function listRoutes(app: App): { method: string; url: string }[] {
  return routeTables.get(app) ?? [];
}

/** Builds the HTTP app: JSON:API plumbing, auth, OpenAPI, every feature's routes, the web app. */
export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object; serveWeb?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const routes: { method: string; url: string }[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  app.decorateRequest('auth', null);

  // JSON:API documents are JSON.
  app.addContentTypeParser(JSONAPI, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  await app.register(multipart, { limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Coverwatch API', version: deps.config.version, description: 'JSON:API for media-coverage monitoring' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) req.auth = await deps.authenticator.authenticate(req);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, errors } = toErrorDocument(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.code(status).type(JSONAPI).send({ errors });
  });

  await app.register(registerRoutes, { prefix: '/api' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (opts.serveWeb !== false) await serveWebApp(app);
  else app.setNotFoundHandler((req, reply) => sendNotFound(reply));
  return app;
}

function sendNotFound(reply: FastifyReply) {
  return reply.code(404).type(JSONAPI).send({ errors: [errorObject('not_found', 'No such API route')] });
}

/** The built React app, with index.html for every client-side route. */
async function serveWebApp(app: App) {
  const dist = path.join(root, 'dist', 'web');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/')) return sendNotFound(reply);
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    });
    return;
  }
  // wildcard: files are looked up per request, so a rebuild's new hashed assets are served.
  await app.register(fastifyStatic, { root: dist, wildcard: true, index: false, maxAge: '1h', immutable: false });
  // Read per page load (a few KB, only on navigation): a rebuild while the server runs takes effect.
  const sendApp = async (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await fs.promises.readFile(index, 'utf8'));
  // The static plugin answers a folder ("/") with 403; the root is the app like any other route.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendApp(reply));
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') return sendNotFound(reply);
    // A missing file (an old asset, a typo) is a 404, not the app's page under a script's name.
    // Only file types the build emits count: app routes may end in a domain (/websites/ign.com).
    if (/\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|txt|webmanifest|wasm)$/i.test(req.url.split('?')[0]))
      return reply.code(404).type('text/plain').send('Not found');
    return sendApp(reply);
  });
}

/** Maps any error to a JSON:API error document and status. */
export function toErrorDocument(err: unknown): { status: number; errors: ErrorObject[] } {
  if (err instanceof AppError) return { status: err.status, errors: err.toObjects() };
  const e = err as FastifyError & { validation?: unknown; validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(e)) {
    const context = e.validationContext ?? 'body';
    const errors = e.validation.map((v) => {
      const pathParts = v.instancePath.split('/').filter(Boolean);
      const source =
        context === 'body'
          ? { pointer: v.instancePath || '/' }
          : { parameter: pathParts.join('.') || context };
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
    const code = e.statusCode === 404 ? 'not_found' : e.statusCode === 429 ? 'rate_limited' : 'bad_request';
    return { status: e.statusCode, errors: [{ ...errorObject(code, e.message), status: String(e.statusCode) }] };
  }
  return { status: 500, errors: [errorObject('internal', 'Something went wrong')] };
}
