import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useManageSubscription } from '../features/billing/api/subscription';
import type { CurrentUser } from '../lib/session';

/**
 * "Manage subscription" for admins: the payment platform's customer portal. When it cannot open (no
 * payment customer, billing not connected here) it says why; `data-disabled` rather than `disabled`
 * keeps it focusable, so the reason reaches keyboard and screen-reader users too (Mantine's pattern
 * for a disabled button with a tooltip). Settings and organization details show it.
 */
export function ManageSubscriptionButton({ user, variant = 'default' }: { user: CurrentUser | undefined; variant?: ButtonProps['variant'] }) {
  const manage = useManageSubscription(user);
  const reason = manage.blockedReason;
  return (
    <Tooltip label={reason} disabled={!reason} multiline w={260}>
      <Button
        variant={variant}
        leftSection={<IconCreditCard size={16} />}
        loading={manage.pending}
        data-disabled={reason ? true : undefined}
        aria-disabled={reason ? 'true' : undefined}
        aria-description={reason ?? undefined}
        onClick={(e) => (reason ? e.preventDefault() : manage.open())}
      >
        Manage subscription
      </Button>
    </Tooltip>
  );
}
