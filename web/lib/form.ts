import type { z } from 'zod';
import { ApiError } from './api';

/** `data.attributes.name` → `name`; `data.relationships.client.data.id` → `client`. */
function fieldOfPath(path: readonly PropertyKey[]): string | undefined {
  const parts = path.map(String);
  const at = parts.findIndex((p) => p === 'attributes' || p === 'relationships');
  if (at >= 0) return parts[at + 1] ?? parts[at];
  return parts[parts.length - 1];
}

/**
 * Validates a request document with the resource's schema from common/ (the one the server
 * uses) and returns the first message per form field.
 */
export function documentErrors(schema: z.ZodType, doc: unknown): Record<string, string> {
  const result = schema.safeParse(doc);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = fieldOfPath(issue.path);
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's field errors (JSON:API `source.pointer`), keyed like documentErrors. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const e of err.errors) {
    const pointer = e.source?.pointer;
    if (!pointer) continue;
    const key = fieldOfPath(pointer.split('/').filter(Boolean));
    if (key && !out[key]) out[key] = e.detail;
  }
  return Object.keys(out).length ? out : err.fieldErrors();
}
