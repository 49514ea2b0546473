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

/** Avatars and logos are images uploaded through `POST f/av`, referenced by their path. */
export const avatarSchema = z
  .string()
  .max(200)
  .regex(/^(\/api\/f\/[0-9a-f-]{36}\.(png|jpg))?$/, 'Avatar must be an image uploaded to Coverwatch')
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** The `meta` of every paginated list the server answers. */
export interface ListMeta {
  total_entries: number;
  last_page: number;
  page_number: number;
  page_size: number;
}

/** A JSON:API error object as the server sends it: a stable code, and where the problem is. */
export interface ErrorObject {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}
