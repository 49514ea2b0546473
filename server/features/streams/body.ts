import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { errorObject, ValidationError } from '../../http/errors.js';

/**
 * Bodies of the stream routes come in two forms (the contract): a plain JSON object with the
 * spec's field names, or a JSON:API document whose `data.attributes` holds them. Fastify cannot
 * validate "either" with field pointers that follow the form sent, so these routes declare the
 * plain schema for the OpenAPI document only and validate here.
 */
export interface ParsedBody<T> {
  value: T;
  /** The JSON pointer of a field in the form the caller used. */
  pointer: (field: string) => string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): ParsedBody<z.output<S>> {
  const jsonapi = isObject(body) && isObject(body.data);
  const input = jsonapi ? ((body.data as Record<string, unknown>).attributes ?? {}) : (body ?? {});
  const prefix = jsonapi ? '/data/attributes' : '';
  const pointer = (field: string) => `${prefix}/${field}`;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => {
        const path = issue.path.map(String);
        // A feed without a game: the form's own words rather than zod's type message.
        const detail = path[0] === 'game_id' ? MSG.streams.gameRequired : issue.message;
        return errorObject('validation_failed', detail, { pointer: path.length ? pointer(path.join('/')) : prefix || '/' });
      }),
    );
  }
  return { value: parsed.data, pointer };
}

/** Validates params and query with zod as usual; leaves the body to `parseBody`. */
export function bodyByHandler<T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}
