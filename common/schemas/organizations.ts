import { z } from 'zod';
import type { Capabilities, PlanPermissions, SubscriptionStatusAttributes } from '../plans.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { avatarSchema, idSchema, resourceDocument, resourceSchema } from './jsonapi.js';

export const organizationNameSchema = z
  .string({ error: MSG.validation.organizationEmpty })
  .trim()
  .min(1, MSG.validation.organizationEmpty)
  .min(LIMITS.organizationName.min, MSG.validation.organizationLength)
  .max(LIMITS.organizationName.max, MSG.validation.organizationLength);

export const memberActionSchema = z.object({ id: idSchema, action: z.enum(['kick', 'promote']) });

/** PATCH organizations/{id}: members (type organizationPermission) or details (type organizations). */
export const organizationUpdateBody = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('organizationPermission'),
      id: idSchema.optional(),
      attributes: z.object({ users: z.array(memberActionSchema).min(1).max(100) }),
    }),
    z.object({
      type: z.literal('organizations'),
      id: idSchema.optional(),
      attributes: z.object({ name: organizationNameSchema, avatar: avatarSchema }).partial(),
    }),
  ]),
});

/** POST settings: a new organization for the caller. */
export const organizationCreateBody = resourceDocument('settings', z.object({ name: organizationNameSchema }));

/** A member of `GET organizations/{id}/members` (`type: 'member'`, id = the user's id). */
export const memberAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  'role-id': z.number().int(),
  'inserted-at': z.string(),
});
export type MemberAttributes = z.infer<typeof memberAttributesSchema>;
export const memberResourceSchema = resourceSchema('member', memberAttributesSchema);

/** An organization as the server sends it (`type: 'organization'`, and the current one inside `GET user`). */
export interface OrganizationAttributes {
  name: string;
  avatar: string | null;
  plan: string;
  'plan-name': string;
  'tier-name': string | null;
  stripe_customer_id: string | null;
  subscription_status: SubscriptionStatusAttributes;
  slack_enabled: boolean;
  /** The channels of the connected Slack workspace (empty without one), by name. */
  slack_channels: { id: string; name: string }[];
  permissions: PlanPermissions;
  capabilities: Capabilities;
}

/** `subscription_status` (SubscriptionStatusAttributes of common/plans.ts) as a schema, for the API document. */
export const subscriptionStatusSchema = z.object({
  trial_expired: z.boolean(),
  trial_ends_at: z.string().nullable(),
  status: z.string(),
  plan_source: z.enum(['signup', 'stripe', 'operator']),
  billing_period: z.enum(['monthly', 'annual']).nullable(),
  current_period_end: z.string().nullable(),
  payment_failed: z.boolean(),
});

/** OrganizationAttributes as a schema, for the API document (plan flags and limits, capabilities by name). */
export const organizationAttributesSchema = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  plan: z.string(),
  'plan-name': z.string(),
  'tier-name': z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  subscription_status: subscriptionStatusSchema,
  slack_enabled: z.boolean(),
  slack_channels: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The plan's flags (`slack`, `youtube_feed`, …) and limits (`max_projects`, …), as common/plans.ts names them. */
  permissions: z.record(z.string(), z.union([z.boolean(), z.number()])),
  /** `platform_operator`, `regional_filters`, `ai_headline_tools`, `notification_card`. */
  capabilities: z.record(z.string(), z.boolean()),
});
export const organizationResourceSchema = resourceSchema('organization', organizationAttributesSchema);
