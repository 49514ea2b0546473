import { z } from 'zod';
import type { Capabilities, PlanPermissions, SubscriptionStatusAttributes } from '../plans.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { avatarSchema, idSchema, resourceDocument } from './jsonapi.js';

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
export interface MemberAttributes {
  name: string;
  email: string;
  avatar: string | null;
  'role-id': number;
  'inserted-at': string;
}

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
