import type { z } from 'zod';
import { errorObject, ValidationError } from '../../http/errors.js';

/**
 * Request bodies of the videos and streams calls come in two forms (contract): a plain JSON
 * object with the spec's field names, or a JSON:API document whose `data.attributes` holds
 * them. Errors point at the field in the form that was sent.
 */
export function readBody<S extends z.ZodType>(schema: S, body: unknown): { value: z.output<S>; pointer: (field: string) => string } {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const wrapped = isObject(body) && isObject(body.data);
  const prefix = wrapped ? '/data/attributes' : '';
  const input = wrapped ? ((body.data as Record<string, unknown>).attributes ?? {}) : (body ?? {});
  const pointer = (field: string) => `${prefix}/${field}`;
  if (!isObject(input)) throw new ValidationError([errorObject('validation_failed', 'The request body must be a JSON object', { pointer: prefix || '/' })]);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((i) =>
        errorObject('validation_failed', i.message, { pointer: i.path.length ? `${prefix}/${i.path.map(String).join('/')}` : prefix || '/' }),
      ),
    );
  }
  return { value: parsed.data, pointer };
}
