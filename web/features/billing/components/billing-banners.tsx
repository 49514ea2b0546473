import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconHourglassHigh, IconRocket } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { MSG } from '../../../../common/messages';
import type { CurrentUser } from '../../../lib/session';
import { runningTrialDaysLeft, showsUpgrade } from '../api/billing-access';
import { useCustomerPortal } from '../api/payments';
import { useUpgradeDialogState } from '../api/upgrade-link';

/** The trial's last days turn the banner orange. */
const URGENT_DAYS = 3;

function TrialBanner({ days, endsAt }: { days: number; endsAt: string }) {
  const { open } = useUpgradeDialogState();
  const urgent = days <= URGENT_DAYS;
  return (
    <Alert color={urgent ? 'orange' : 'blue'} variant="light" icon={<IconHourglassHigh size={18} />} py="xs" role="status" data-urgent={urgent || undefined}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 360px' }}>
          {MSG.billing.trialEndsIn(days, dayjs(endsAt).format('dddd D MMMM'))}
        </Text>
        <Button size="xs" color={urgent ? 'orange' : undefined} leftSection={<IconRocket size={14} />} onClick={() => open('plans')}>
          Upgrade
        </Button>
      </Group>
    </Alert>
  );
}

function PaymentFailedBanner({ customerId }: { customerId: string | null | undefined }) {
  const portal = useCustomerPortal(customerId);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} py="xs" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 360px' }}>
          {MSG.billing.paymentFailed}
        </Text>
        <Button size="xs" color="red" leftSection={<IconCreditCard size={14} />} loading={portal.isPending} disabled={!customerId} onClick={() => portal.mutate()}>
          Update payment method
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Above every workspace page, for admins of organizations other than the operator: the days left of
 * a running trial, and a failed payment (with the way to fix it).
 */
export function BillingBanners({ user }: { user: CurrentUser }) {
  if (!showsUpgrade(user)) return null;
  const org = user.organization;
  const days = runningTrialDaysLeft(org);
  const endsAt = org?.subscription_status?.trial_ends_at;
  const failed = org?.subscription_status?.payment_failed === true;
  if (days === null && !failed) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)', marginBottom: 'var(--mantine-spacing-md)' }}>
      {failed && <PaymentFailedBanner customerId={org?.stripe_customer_id} />}
      {days !== null && endsAt && <TrialBanner days={days} endsAt={endsAt} />}
    </div>
  );
}
