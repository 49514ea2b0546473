import { z } from 'zod';
import type { SubscriptionStatusAttributes } from '../plans.js';
import { idSchema, resourceSchema } from './jsonapi.js';
import { subscriptionStatusSchema } from './organizations.js';

/*
 * The operator console's resource, declared once for the server and (type-only) the web app.
 * It imports nothing but common/, so it can move to common/schemas/operator.ts unchanged.
 */

/** The plans the operator can give (the unlimited `admin` plan stays the platform operator's own). */
export const OPERATOR_PLANS = ['trial', 'starter', 'pro', 'agency'] as const;
export type OperatorPlan = (typeof OPERATOR_PLANS)[number];

/** How far ahead the operator may set a trial's end. */
export const MAX_TRIAL_EXTENSION_DAYS = 365;

/** PATCH operator/organizations/{id}: a new plan, a new trial end, or both (then the plan must be trial). */
export const operatorOrganizationUpdateBody = z.object({
  data: z.object({
    type: z.literal('operator_organization'),
    id: idSchema.optional(),
    attributes: z
      .object({
        plan: z.enum(OPERATOR_PLANS, { error: 'Plan must be trial, starter, pro or agency' }),
        trial_ends_at: z.iso.datetime({ offset: true, error: 'Trial end must be a date and time (ISO 8601)' }).transform((v) => new Date(v)),
      })
      .partial(),
  }),
});

export interface UsageAgainstLimit {
  used: number;
  limit: number;
}

/** An organization as the operator console lists it (`type: 'operator_organization'`). */
export interface OperatorOrganizationAttributes {
  name: string;
  plan: string;
  'plan-name': string;
  subscription_status: SubscriptionStatusAttributes;
  stripe_customer_id: string | null;
  /** The platform operator's own organization: listed, never changed. */
  platform_operator: boolean;
  inserted_at: string;
  /** Active members (admins and users). */
  members: number;
  usage: {
    /** Active (unlocked) projects against `max_projects`. */
    projects: UsageAgainstLimit;
    reports: UsageAgainstLimit;
    /** Highlighted articles per report. */
    highlights_limit: number;
    /** Alerts, all projects together. */
    alerts: number;
    /** Months of Super Search history. */
    data_months: number;
  };
}

/** OperatorOrganizationAttributes as a schema, for the API document. */
const usageSchema = z.object({ used: z.number().int(), limit: z.number().int() });
export const operatorOrganizationResourceSchema = resourceSchema(
  'operator_organization',
  z.object({
    name: z.string(),
    plan: z.string(),
    'plan-name': z.string(),
    subscription_status: subscriptionStatusSchema,
    stripe_customer_id: z.string().nullable(),
    platform_operator: z.boolean(),
    inserted_at: z.string(),
    members: z.number().int(),
    usage: z.object({
      projects: usageSchema,
      reports: usageSchema,
      highlights_limit: z.number().int(),
      alerts: z.number().int(),
      data_months: z.number().int(),
    }),
  }),
);
