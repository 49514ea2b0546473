/**
 * The OpenAPI document (`GET /api/openapi.json`) is generated from the routes' own zod schemas:
 * the request body the route (or its handler) validates with, and the documents it answers.
 * This module adds what every route of a kind shares, so routes do not repeat it: the error
 * answers the app's plumbing gives, the JSON:API media type, and a description per status.
 * docs/decisions.md, "The OpenAPI document is generated from the routes' own schemas".
 */
import http from 'node:http';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../common/schemas/jsonapi.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';
import { JSONAPI } from './jsonapi.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body the handler reads and validates itself (a multipart form; the videos and
     * streams calls, which take a plain object or a JSON:API document): shown in the document
     * as the route's body, never run by the route's validator. A body of several media types
     * names a schema for each.
     */
    documentedBody?: z.ZodType | MediaTypes;
  }
}

type MediaTypes = { content: Record<string, { schema: z.ZodType }> };

/** Schemas shown once under `components/schemas` and referenced from every operation. */
const components = z.registry<{ id: string }>();

/** Every error answer: a JSON:API error document (server/http/errors.ts builds its objects). */
export const errorDocumentSchema = z.object({
  errors: z.array(errorObjectSchema.extend({ code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]) })).min(1),
});
components.add(errorDocumentSchema, { id: 'ErrorDocument' });

/** What each error status means here, shown as the response's description. */
const ERROR_MEANING = {
  400: 'The query, a path parameter or the body cannot be read (`bad_request`; `source.parameter` or `source.pointer` names it)',
  401: 'No bearer token, or an expired or revoked one (`unauthorized`)',
  403: 'Not allowed: no current organization (`no_org`), trial over (`trial_expired`), not an admin (`forbidden`), or the plan lacks it (`plan_limit`)',
  404: 'No such resource in the caller’s organization (another organization’s id is 404 too)',
  409: 'Conflicts with the current state, or `data.id` differs from the id in the URL (`conflict`)',
  410: 'The resource existed and will not come back (`gone`)',
  413: 'The body is too large (`payload_too_large`)',
  415: 'The body’s content type is not accepted (`unsupported_media_type`)',
  422: 'Invalid attributes: one error per field, `source.pointer` names it (`validation_failed`)',
  429: 'Too many requests (`rate_limited`); try again later',
  502: 'An outside service answered with an error (`bad_gateway`)',
  503: 'An outside service is not configured or not reachable, or the search timed out (`unavailable`, `not_connected`, `search_timeout`)',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANING;

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_MEANING[status],
  content: { [JSONAPI]: { schema: errorDocumentSchema } },
});

/**
 * The error answers a route gives beyond those every route of its shape gives (`sharedRefusals`):
 * 403 from a guard, 404 of a resource looked up from the body or the query, 429 of a limit, 503 of
 * an outside service. Spread into the route's `response`.
 */
export function refusals<S extends ErrorStatus>(...statuses: S[]): { [K in S]: ReturnType<typeof errorResponse> } {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse(s)])) as { [K in S]: ReturnType<typeof errorResponse> };
}

/** A JSON:API document answer (`application/vnd.api+json`, what `sendOne` and `sendList` send). */
export const jsonApi = <S extends z.ZodType>(schema: S, description?: string) => ({
  ...(description ? { description } : {}),
  content: { [JSONAPI]: { schema } },
});

/** A plain JSON answer (`application/json`: a handler that returns an object without `reply.type`). */
export const plainJson = <S extends z.ZodType>(schema: S, description?: string) => ({
  ...(description ? { description } : {}),
  content: { 'application/json': { schema } },
});

/** Bytes of the given media types (images, PDF, CSV, OPML, Prometheus text). */
export const bytes = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((t) => [t, { schema: binarySchema }])),
});
const binarySchema = z.any().meta({ type: 'string', format: 'binary' });

/** A list that also answers `Accept: text/csv` with the same rows as CSV (`sendList`). */
export const listOrCsv = <S extends z.ZodType>(schema: S) => ({
  description: 'A page of the list; with `Accept: text/csv`, every row as CSV',
  content: { [JSONAPI]: { schema }, 'text/csv': { schema: binarySchema } },
});

/** An answer without a body: 204, or a redirect (`Location` says where). */
export const noContent = (description: string) => z.undefined().describe(description);

/**
 * Errors the plumbing gives every route of a shape, so no route lists them: 400 for any
 * request (a NUL, a malformed query or URL, unreadable JSON), 401 without a token unless the
 * route is public (`security: []`), 404 for a path naming something, 409 for a PATCH whose
 * `data.id` differs from the URL's (`refuseMismatchedId`), 413 and 415 for a body, and 422 for
 * a body the app's validator checks. A route that checks its body itself (its own
 * `validatorCompiler`, or a `documentedBody`) lists the status it answers (422, or 400).
 */
function sharedRefusals(schema: FastifySchema, route: { method: string | string[]; validatorCompiler?: unknown }, url: string): ErrorStatus[] {
  const method = [route.method].flat()[0];
  const statuses: ErrorStatus[] = [400];
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  if (!isPublic) statuses.push(401);
  if (url.includes('/:')) statuses.push(404);
  if (method === 'PATCH' && /\/:id(\/|$)/.test(url)) statuses.push(409);
  const takesBody = schema.body !== undefined || schema.documentedBody !== undefined;
  if (takesBody || ['POST', 'PUT', 'PATCH'].includes(method)) statuses.push(413, 415);
  if (schema.body !== undefined && route.validatorCompiler === undefined) statuses.push(422);
  return statuses;
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });

/** The swagger plugin's per-route transform: the zod schemas as JSON Schema, plus the shared parts. */
export const documentRoute: SwaggerTransform = (input) => {
  const { schema, url, route } = input;
  if (!schema || schema.hide) return zodTransform(input);
  const { documentedBody, ...rest } = schema;
  const shared = Object.fromEntries(sharedRefusals(schema, route, url).map((s) => [s, errorResponse(s)]));
  const response: Record<string, unknown> = { ...shared, ...(schema.response as Record<string, unknown> | undefined) };
  const transformed = zodTransform({
    ...input,
    schema: {
      ...rest,
      ...(documentedBody instanceof z.ZodType ? { body: documentedBody } : {}),
      response,
      produces: schema.produces ?? [JSONAPI],
      consumes: schema.consumes ?? [JSONAPI, 'application/json'],
    },
  });
  const body = documentedBody && !(documentedBody instanceof z.ZodType) ? { body: bodyOfMediaTypes(input, documentedBody) } : {};
  return { ...transformed, schema: withDescriptions({ ...(transformed.schema as FastifySchema), ...body }) };
};

/** A body of several media types, each schema converted as a route body is. */
function bodyOfMediaTypes(input: Parameters<SwaggerTransform>[0], body: MediaTypes) {
  const content = Object.fromEntries(
    Object.entries(body.content).map(([mediaType, { schema }]) => {
      const converted = zodTransform({ ...input, schema: { body: schema } }).schema as { body: unknown };
      return [mediaType, { schema: converted.body }];
    }),
  );
  return { content };
}

/** A response without its own description is described by its status ("OK", "Created", …). */
function withDescriptions(schema: FastifySchema): FastifySchema {
  const responses = schema.response as Record<string, Record<string, unknown>> | undefined;
  if (!responses) return schema;
  for (const [status, r] of Object.entries(responses)) {
    if (r.description === undefined && r['x-response-description'] === undefined) r['x-response-description'] = http.STATUS_CODES[Number(status)] ?? 'Answer';
  }
  return schema;
}

/** The serializer of answers with a response schema: the answer as built, checked by nothing. */
export const sendAsBuilt: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * The serializer the tests run with: the same bytes, after checking the answer against the
 * schema the route documents, so every API test also checks the document. A mismatch is a 500
 * that names the route and the fields (on stderr: tests log nothing else).
 */
export const checkAgainstDocument: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  const documented = schema as z.ZodType;
  return (data) => {
    const checked = documented.safeParse(data);
    if (!checked.success) {
      const message = `The ${httpStatus} answer of ${method} ${url} does not match its documented response schema:\n${z.prettifyError(checked.error)}`;
      console.error(message);
      throw new Error(message);
    }
    return JSON.stringify(data);
  };
};

const withComponents = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * The whole document's transform: the shared schemas as components. The zod transform emits each
 * twice (as read and as sent); only those an operation references are kept.
 */
export const documentComponents: typeof withComponents = (input) => {
  const document = withComponents(input) as OpenAPIV3_1.Document;
  const used = JSON.stringify(document.paths);
  const schemas = Object.entries(document.components?.schemas ?? {}).filter(([id]) => used.includes(`"#/components/schemas/${id}"`));
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(schemas) } };
};
