import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconCreditCard, IconRocket } from '@tabler/icons-react';
import type { CurrentUser } from '../../../lib/session';
import { hasLiveSubscription, showsUpgrade, trialState } from '../api/billing-access';
import { useCustomerPortal } from '../api/payments';
import { useUpgradeDialogState } from '../api/upgrade-link';

/**
 * The top bar's Upgrade button: admins of organizations other than the platform operator (spec roles);
 * an organization that pays gets "Manage subscription" (the customer portal) instead. During a
 * trial the notice bar above the page says the days left and offers the upgrade, so the top bar
 * shows nothing (issue 27: one compact bar, not a banner and a pill). On small screens it folds to its icon.
 */
export function UpgradeButton({ user }: { user: CurrentUser }) {
  const { open } = useUpgradeDialogState();
  if (!showsUpgrade(user) || trialState(user.organization)) return null;
  // An organization that pays is not asked to upgrade: its admin manages the subscription.
  if (hasLiveSubscription(user.organization)) return <ManageSubscriptionButton customerId={user.organization?.stripe_customer_id} />;
  const label = 'Upgrade';
  return (
    <>
      <Button visibleFrom="sm" size="compact-md" radius="xl" variant="light" leftSection={<IconRocket size={16} />} onClick={() => open('plans')}>
        {label}
      </Button>
      <Tooltip label={label}>
        <ActionIcon hiddenFrom="sm" variant="light" size="lg" radius="xl" aria-label={label} onClick={() => open('plans')}>
          <IconRocket size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The top bar's button for an organization that pays: the customer portal (plans, invoices, card). */
function ManageSubscriptionButton({ customerId }: { customerId: string | null | undefined }) {
  const portal = useCustomerPortal(customerId);
  const label = 'Manage subscription';
  return (
    <>
      <Button
        visibleFrom="sm"
        size="compact-md"
        radius="xl"
        variant="default"
        leftSection={<IconCreditCard size={16} />}
        loading={portal.isPending}
        disabled={!customerId}
        onClick={() => portal.mutate()}
      >
        {label}
      </Button>
      <Tooltip label={label}>
        <ActionIcon hiddenFrom="sm" variant="default" size="lg" radius="xl" aria-label={label} disabled={!customerId} onClick={() => portal.mutate()}>
          <IconCreditCard size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
