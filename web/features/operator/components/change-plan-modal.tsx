import { useState } from 'react';
import { Alert, List, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { TRIAL_DAYS } from '../../../../common/limits';
import { PLAN_DEFAULTS, planFeatureList } from '../../../../common/plans';
import { FormModalActions } from '../../../components/form-modal-actions';
import { toastError, toastSuccess } from '../../../components/toasts';
import { formatDate } from '../../../lib/dates';
import { serverFieldErrors } from '../../../lib/form';
import { PLAN_CHOICES, useChangeOrganization, type OperatorOrganization, type OperatorPlan } from '../api/organizations';

const isOperatorPlan = (plan: string): plan is OperatorPlan => PLAN_CHOICES.some((c) => c.value === plan);

/** What the trial plan's end will be: a running trial keeps its end, anything else gets a fresh trial. */
function trialNote(o: OperatorOrganization): string {
  return trialRunning(o) ? `The trial keeps its end date, ${formatDate(o.subscription_status.trial_ends_at)}.` : `A ${TRIAL_DAYS}-day trial starts now.`;
}

const trialRunning = (o: OperatorOrganization) => o.plan === 'trial' && !o.subscription_status.trial_expired && o.subscription_status.status === 'trialing';

/**
 * The operator gives an organization a plan by hand: the plan's limits apply at once. Mounted
 * per organization (keyed by the page), so it opens on the organization's current plan.
 */
export function ChangePlanModal({ organization: o, onClose }: { organization: OperatorOrganization; onClose: () => void }) {
  const [plan, setPlan] = useState<OperatorPlan | null>(isOperatorPlan(o.plan) ? o.plan : null);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeOrganization();
  const label = PLAN_CHOICES.find((c) => c.value === plan)?.label;

  async function submit() {
    if (!plan) return setError('Choose a plan');
    try {
      await change.mutateAsync({ id: o.id, change: { plan } });
      toastSuccess(`${o.name} is now on the ${label} plan.`);
      onClose();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.plan) setError(fields.plan);
      else toastError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Change the plan of ${o.name}`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Current plan: <b>{o['plan-name']}</b>
        </Text>
        {o.subscription_status.plan_source === 'stripe' && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Stripe manages this subscription">
            This changes the plan in Coverwatch only. The subscription in Stripe is not changed: the customer keeps paying for their current plan, and
            Stripe&apos;s next update of the subscription sets the plan it pays for again.
          </Alert>
        )}
        <Select
          label="New plan"
          data={PLAN_CHOICES}
          value={plan}
          onChange={(v) => {
            setPlan(v as OperatorPlan | null);
            setError(null);
          }}
          allowDeselect={false}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        {plan && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              The {label} plan allows
            </Text>
            <List size="sm" spacing={2} style={{ columnCount: 2, columnGap: 'var(--mantine-spacing-lg)' }}>
              {planFeatureList(PLAN_DEFAULTS[plan]).included.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            {plan === 'trial' && (
              <Text size="sm" c="dimmed">
                {trialNote(o)}
              </Text>
            )}
          </Stack>
        )}
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          Nothing is deleted on a downgrade: projects and reports over the new limits stay readable, and new ones are refused until the organization is back
          under its limits.
        </Alert>
        <FormModalActions
          onCancel={onClose}
          submitLabel="Change plan"
          onSubmit={submit}
          loading={change.isPending}
          // The same plan changes nothing, except an ended trial, which the trial plan restarts.
          disabled={!plan || (plan === o.plan && (plan !== 'trial' || trialRunning(o)))}
        />
      </Stack>
    </Modal>
  );
}
