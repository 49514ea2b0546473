import { z } from 'zod';
import { avatarSchema, idSchema, listMetaSchema, resourceSchema } from './jsonapi.js';
import { userNameSchema } from './auth.js';
import { organizationAttributesSchema, type OrganizationAttributes } from './organizations.js';

/**
 * PATCH user/{id}: the default project (type new_user, `data: null` clears it), or the profile
 * and/or the current organization (type user).
 */
export const userUpdateBody = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('new_user'),
      id: idSchema.optional(),
      attributes: z.object({}).passthrough().optional(),
      relationships: z.object({
        project: z.object({ data: z.object({ type: z.literal('project'), id: idSchema }).nullable() }),
      }),
    }),
    z.object({
      type: z.literal('user'),
      id: idSchema.optional(),
      // `open_projects_first`: `/` opens the projects page instead of the articles feed (000 §2).
      attributes: z.object({ name: userNameSchema, avatar: avatarSchema, open_projects_first: z.boolean() }).partial().optional(),
      relationships: z
        .object({ organization: z.object({ data: z.object({ type: z.literal('organization'), id: idSchema }) }) })
        .partial()
        .optional(),
    }),
  ]),
});

/**
 * The `meta` of every `GET user` / `PATCH user/{id}` document: instance settings the web needs
 * once per session. `analysis_url` is the link-analysis page a feed row's "Request analysis"
 * opens (001: "opens an external analyse address with url and id"); null hides the item.
 */
export const userDocumentMetaSchema = z.object({ analysis_url: z.string().nullable() });
export type UserDocumentMeta = z.infer<typeof userDocumentMetaSchema>;

/** The signed-in user as `GET user` describes it (`type: 'user'`; docs/api.md): the presenter is typed by it, the web reads it. */
export interface UserAttributes {
  name: string;
  email: string;
  avatar: string | null;
  /** `admin` or `user` in the current organization (the original product's role names). */
  roles: string[];
  'role-id': number | null;
  'tier-id': number | null;
  'default-project-id': string | null;
  'inserted-at': string;
  /** The e-mail address is confirmed (a banner asks to verify it otherwise). */
  email_verified: boolean;
  /** `/` opens the projects page instead of the articles feed (000 §2). */
  open_projects_first: boolean;
  /** NO_ORG: the user belongs to no organization (the web sends them away). */
  status: 'OK' | 'NO_ORG';
  organization: (OrganizationAttributes & { id: string }) | null;
  organizations: { id: string; name: string; 'role-id': number }[];
}

/** A tier as `GET tiers` lists it (`type: 'tier'`, ids 1 Admin … 6 Agency). */
export const tierAttributesSchema = z.object({ name: z.string() });
export type TierAttributes = z.infer<typeof tierAttributesSchema>;
export const tierListDocument = z.object({ data: z.array(resourceSchema('tier', tierAttributesSchema)), meta: listMetaSchema });

/** UserAttributes as a schema, for the API document (`GET user`, `PATCH user/{id}`), with the instance `meta`. */
export const userDocument = z.object({
  data: resourceSchema(
    'user',
    z.object({
      name: z.string(),
      email: z.string(),
      avatar: z.string().nullable(),
      roles: z.array(z.string()),
      'role-id': z.number().int().nullable(),
      'tier-id': z.number().int().nullable(),
      'default-project-id': z.string().nullable(),
      'inserted-at': z.string(),
      email_verified: z.boolean(),
      open_projects_first: z.boolean(),
      status: z.enum(['OK', 'NO_ORG']),
      organization: organizationAttributesSchema.extend({ id: z.string() }).nullable(),
      organizations: z.array(z.object({ id: z.string(), name: z.string(), 'role-id': z.number().int() })),
    }),
  ),
  meta: userDocumentMetaSchema,
});
