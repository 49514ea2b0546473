import { Button } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconHourglassHigh, IconRocket } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { Notice } from '../../../components/notice-bar';
import type { CurrentUser } from '../../../lib/session';
import { showsUpgrade, trialState, type TrialState } from '../api/billing-access';
import { useCustomerPortal } from '../api/payments';
import { useUpgradeDialogState } from '../api/upgrade-link';

/** The trial's last days turn the bar orange. */
const URGENT_DAYS = 3;

function TrialNotice({ trial }: { trial: TrialState }) {
  const { open } = useUpgradeDialogState();
  const running = trial.kind === 'running';
  return (
    <Notice
      tone={running && trial.days > URGENT_DAYS ? 'info' : 'warning'}
      icon={<IconHourglassHigh size={16} />}
      action={
        <Button size="compact-sm" leftSection={<IconRocket size={14} />} onClick={() => open('plans')}>
          {running ? 'Upgrade' : 'Choose a plan'}
        </Button>
      }
    >
      {running ? MSG.billing.trialDaysLeft(trial.days) : MSG.billing.trialEnded}
    </Notice>
  );
}

function PaymentFailedNotice({ customerId }: { customerId: string | null | undefined }) {
  const portal = useCustomerPortal(customerId);
  return (
    <Notice
      tone="danger"
      icon={<IconAlertTriangle size={16} />}
      action={
        <Button size="compact-sm" leftSection={<IconCreditCard size={14} />} loading={portal.isPending} disabled={!customerId} onClick={() => portal.mutate()}>
          Update payment method
        </Button>
      }
    >
      {MSG.billing.paymentFailed}
    </Notice>
  );
}

/**
 * The billing line of the workspace's notice bar, for admins of organizations other than the
 * operator: a failed payment (with the way to fix it) before anything else; else the trial's days
 * left, or that it ended, with the upgrade. The top bar then offers no second Upgrade.
 */
export function BillingNotice({ user }: { user: CurrentUser }) {
  if (!showsUpgrade(user)) return null;
  const org = user.organization;
  if (org?.subscription_status?.payment_failed === true) return <PaymentFailedNotice customerId={org.stripe_customer_id} />;
  const trial = trialState(org);
  return trial ? <TrialNotice trial={trial} /> : null;
}
