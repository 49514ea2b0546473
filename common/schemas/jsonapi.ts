import { z } from 'zod';

/** JSON:API ids are strings on the wire; we accept numbers too and normalise to a positive integer. */
export const idSchema = z
  .union([z.string().regex(/^\d{1,15}$/, 'Invalid id'), z.number()])
  .transform((v) => Number(v))
  .pipe(z.number().int().positive('Invalid id'));

export function resourceRef<T extends string>(type: T) {
  return z.object({ data: z.object({ type: z.literal(type), id: idSchema }) });
}

/** A JSON:API request document with one resource of `type`. */
export function resourceDocument<T extends string, A extends z.ZodType, R extends z.ZodType = z.ZodOptional<z.ZodObject<z.ZodRawShape>>>(
  type: T,
  attributes: A,
  relationships?: R,
) {
  return z.object({
    data: z.object({
      type: z.literal(type),
      id: idSchema.optional(),
      attributes,
      relationships: (relationships ?? z.object({}).optional()) as R,
    }),
  });
}

/**
 * A body that may come as the plain object or as a JSON:API document whose `data.attributes`
 * holds it (the videos and streams calls, the headline tools): for the API document.
 */
export function plainOrDocument<S extends z.ZodType>(attributes: S) {
  return z.union([attributes, z.object({ data: z.object({ type: z.string().optional(), attributes }) })]);
}

/** Avatars and logos are images uploaded through `POST f/av`, referenced by their path. */
export const avatarSchema = z
  .string()
  .max(200)
  .regex(/^(\/api\/f\/[0-9a-f-]{36}\.(png|jpg))?$/, 'Avatar must be an image uploaded to Coverwatch')
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** The `meta` of every paginated list the server answers. */
export const listMetaSchema = z.object({
  total_entries: z.number().int(),
  last_page: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** A JSON:API error object as the server sends it: a stable code, and where the problem is. */
export const errorObjectSchema = z.object({
  /** The HTTP status, as a string (JSON:API). */
  status: z.string(),
  code: z.string(),
  title: z.string(),
  detail: z.string(),
  /** `pointer` names a field of the body (`/data/attributes/name`), `parameter` one of the query or path. */
  source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

/*
 * Answers. The server's documents are described once here and per resource in its feature's
 * file; the routes name them as their response schemas, which the OpenAPI document shows
 * (docs/decisions.md, "The OpenAPI document is generated from the routes' own schemas").
 */

/** A relationship's linkage as sent: one resource identifier, or null. */
export const toOne = <T extends string>(type: T) => z.object({ data: z.object({ type: z.literal(type), id: z.string() }).nullable() });
/** A relationship's linkage as sent: a list of resource identifiers. */
export const toMany = <T extends string>(type: T) => z.object({ data: z.array(z.object({ type: z.literal(type), id: z.string() })) });

/**
 * A resource object as the server sends it (`resource()` in server/http/jsonapi.ts): ids are
 * strings. Relationships are added with `.extend({ relationships: z.object({ … }) })`.
 */
export function resourceSchema<T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.object({ type: z.literal(type), id: z.string(), attributes });
}

/** A document whose `data` is one resource (or null), with optional `included` and `meta`. */
export function oneDocument<D extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(data: D, extra?: X) {
  return z.object({ data, ...(extra ?? ({} as X)) });
}

/** A page of a list: `data` and the paging `meta` (or a list's own meta). */
export function listDocument<D extends z.ZodType, M extends z.ZodType = typeof listMetaSchema>(item: D, meta?: M) {
  return z.object({ data: z.array(item), meta: (meta ?? listMetaSchema) as M });
}
