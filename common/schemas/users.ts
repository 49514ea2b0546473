import { z } from 'zod';
import { avatarSchema, idSchema, listMetaSchema, resourceSchema } from './jsonapi.js';
import { userNameSchema } from './auth.js';
import { organizationAttributesSchema, type OrganizationAttributes } from './organizations.js';
import {
  ACTIONS,
  decide,
  limitOf,
  type Action,
  type Decision,
  type LimitedAction,
  type PlainAction,
  type RefusalCode,
  type RefusalKind,
  type Subject,
} from '../policy.js';

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

const countsSchema = { limit: z.number().int().optional(), used: z.number().int().optional() };
/**
 * What the caller may do in their current organization, one entry per action of common/policy.ts
 * (issue 29): the policy's decision, a refusal with its kind, code and sentence. A limited action
 * also carries the plan's `limit`; an organization-wide one (`projects.create`, `reports.create`,
 * `organizations.create`) the count the server read (`used`) and the decision for it. An action
 * counted per project or per report (`alerts.create`, `reports.highlight`) is decided for the
 * first one (no alert yet, one highlight), without `used`: the screen that knows the count asks
 * `decide` with it.
 */
export const abilitySchema = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true), ...countsSchema }),
  z.object({
    allowed: z.literal(false),
    refusal: z.enum(['hidden', 'plan', 'role']) satisfies z.ZodType<RefusalKind>,
    code: z.enum(['not_found', 'plan_limit', 'forbidden', 'no_org', 'trial_expired', 'conflict']) satisfies z.ZodType<RefusalCode>,
    message: z.string(),
    ...countsSchema,
  }),
]);
export type Ability = z.infer<typeof abilitySchema>;
export type Abilities = Record<Action, Ability>;
export const abilitiesSchema = z.record(z.enum(ACTIONS), abilitySchema);

/** The organization-wide counts the limited actions are decided with (all 0 without an organization). */
export interface AbilityCounts {
  activeProjects: number;
  reports: number;
  adminOf: number;
}

/** A limited action decided with the count `GET user` read for it, or for the first one when it is counted per project or report. */
function decideLimited(subject: Subject, action: LimitedAction, c: AbilityCounts, now: Date): { decision: Decision; used?: number } {
  switch (action) {
    case 'projects.create':
      return { decision: decide(subject, action, { activeProjects: c.activeProjects, now }), used: c.activeProjects };
    case 'reports.create':
      return { decision: decide(subject, action, { reports: c.reports, now }), used: c.reports };
    case 'organizations.create':
      return { decision: decide(subject, action, { adminOf: c.adminOf, now }), used: c.adminOf };
    case 'alerts.create':
      return { decision: decide(subject, action, { projectAlerts: 0, now }) };
    case 'reports.highlight':
      return { decision: decide(subject, action, { highlights: 1, now }) };
  }
}

/** Every limited action (the type requires each key, so a new limit of the policy is not decided without its count). */
const LIMITED: Record<LimitedAction, true> = {
  'projects.create': true,
  'alerts.create': true,
  'reports.create': true,
  'reports.highlight': true,
  'organizations.create': true,
};
const isLimited = (a: Action): a is LimitedAction => Object.hasOwn(LIMITED, a);

/** The caller's abilities (`meta.abilities` of the user document): each action of the policy decided for `subject`. */
export function userAbilities(subject: Subject, counts: AbilityCounts, now = new Date()): Abilities {
  const entries = ACTIONS.map((action): [Action, Ability] => {
    if (!isLimited(action)) return [action, ability(decide(subject, action as PlainAction, { now }))];
    const { decision, used } = decideLimited(subject, action, counts, now);
    return [action, { ...ability(decision), limit: limitOf(subject, action), ...(used === undefined ? {} : { used }) }];
  });
  return Object.fromEntries(entries) as Abilities;
}

/** A decision as the wire carries it: the action is its key, the status follows from the code. */
function ability(d: Decision): Ability {
  return d.allowed ? { allowed: true } : { allowed: false, refusal: d.refusal, code: d.code, message: d.message };
}

/**
 * The `meta` of every `GET user` / `PATCH user/{id}` document: instance settings the web needs
 * once per session, and the caller's abilities. `analysis_url` is the link-analysis page a feed
 * row's "Request analysis" opens (001: "opens an external analyse address with url and id");
 * null hides the item.
 */
export const userDocumentMetaSchema = z.object({ analysis_url: z.string().nullable(), abilities: abilitiesSchema });
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
