import type { FastifyRequest } from 'fastify';
import { errorObject, ValidationError, type ErrorObject } from './errors.js';

/**
 * PostgreSQL's text cannot hold U+0000 (the driver's insert fails with "invalid byte sequence
 * for encoding UTF8: 0x00"), so a NUL anywhere in a request would reach a query as a 500. Every
 * request passes here before validation: a NUL in a path parameter, a query parameter, a JSON
 * body (values and keys) or a text body is a 400 naming where it is. Other control characters
 * and lone surrogates are storable (the driver encodes a lone surrogate as U+FFFD) and are left
 * to each field's own rules.
 */
export const NUL_DETAIL = 'Text cannot contain the NUL character (U+0000)';

const hasNul = (s: string) => s.includes('\u0000');
/** A parameter name as it can be shown in an error: its NULs spelled out. */
const showNul = (s: string) => s.split('\u0000').join('\\u0000');

/** JSON pointer escaping (RFC 6901). */
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Pointers (RFC 6901) of every string holding a NUL in a parsed JSON value, keys included. */
export function nulPointers(value: unknown, pointer = '', out: string[] = [], depth = 0): string[] {
  if (out.length >= 20 || depth > 256) return out;
  if (typeof value === 'string') {
    if (hasNul(value)) out.push(pointer || '/');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPointers(v, `${pointer}/${i}`, out, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = `${pointer}/${escapePointer(k)}`;
      if (hasNul(k)) out.push(p);
      nulPointers(v, p, out, depth + 1);
    }
  }
  return out;
}

/** Names of the parameters (path or query) whose name or value holds a NUL. */
function nulParameters(params: unknown): string[] {
  if (params === null || typeof params !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    const values = Array.isArray(v) ? v : [v];
    if (hasNul(k) || values.some((x) => typeof x === 'string' && hasNul(x))) out.push(showNul(k));
  }
  return out;
}

/** preValidation hook: refuses a request carrying a NUL anywhere it was parsed from. */
export async function refuseNul(req: FastifyRequest): Promise<void> {
  const errors: ErrorObject[] = [
    ...nulParameters(req.params).map((p) => errorObject('bad_request', NUL_DETAIL, { parameter: p })),
    ...nulParameters(req.query).map((p) => errorObject('bad_request', NUL_DETAIL, { parameter: p })),
    ...nulPointers(req.body).map((p) => errorObject('bad_request', NUL_DETAIL, { pointer: p })),
  ];
  if (errors.length) throw new ValidationError(errors, 'bad_request');
}

/** The same rule for multipart text fields, which are read by the handler, not parsed before it. */
export function refuseNulFields(fields: Record<string, string>): void {
  const bad = Object.entries(fields).filter(([k, v]) => hasNul(k) || hasNul(v));
  if (bad.length)
    throw new ValidationError(
      bad.map(([k]) => errorObject('bad_request', NUL_DETAIL, { parameter: showNul(k) })),
      'bad_request',
    );
}
