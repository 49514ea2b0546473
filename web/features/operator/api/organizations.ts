import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trialDaysLeft } from '../../../../common/plans';
// The resource is declared once, beside the server's presenter (a type-only import: nothing of
// the server reaches the bundle).
import type { OperatorOrganizationAttributes, OperatorPlan } from '../../../../common/schemas/operator';
import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';

export type { OperatorOrganizationAttributes, OperatorPlan };

/** GET operator/organizations (the DataTable lists it) and PATCH operator/organizations/{id}. */
export const OPERATOR_ORGANIZATIONS_PATH = 'operator/organizations';

export type OperatorOrganization = OperatorOrganizationAttributes & { id: string };

export const PLAN_CHOICES: { value: OperatorPlan; label: string }[] = [
  { value: 'trial', label: 'Trial' },
  { value: 'starter', label: 'Starter' },
  { value: 'pro', label: 'Pro' },
  { value: 'agency', label: 'Agency' },
];

/** The server refuses a trial end more than 365 days ahead; a whole day is kept in hand. */
export const MAX_TRIAL_DAYS_AHEAD = 364;

export interface OrganizationChange {
  plan?: OperatorPlan;
  /** ISO date-time. */
  trial_ends_at?: string;
}

/**
 * PATCH operator/organizations/{id}: a plan or a trial end. Every list of organizations is
 * refetched afterwards (the row's plan, status and limits changed).
 */
export function useChangeOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: OrganizationChange }) => {
      const doc = await apiFetch<{ data: JsonApiResource<OperatorOrganizationAttributes> }>(`${OPERATOR_ORGANIZATIONS_PATH}/${id}`, {
        method: 'PATCH',
        body: { data: { type: 'operator_organization', id, attributes: change } },
      });
      return flatten(doc.data);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: [OPERATOR_ORGANIZATIONS_PATH] }),
  });
}

/** Days left of a running trial (a started day counts), or null when the organization is not trialing. */
export function trialDaysLeftOf(o: OperatorOrganizationAttributes, now = new Date()): number | null {
  const s = o.subscription_status;
  if (s.status !== 'trialing' || s.trial_expired || !s.trial_ends_at) return null;
  return trialDaysLeft(new Date(s.trial_ends_at), now);
}
