import type { ReactNode } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import type { BillingPeriod } from '../../../../common/plans';
import type { UpgradeAccess } from '../api/billing-access';
import type { useCheckout, useCustomerPortal } from '../api/payments';
import { mailtoHref, priceIdOf, type PlanOffer } from '../api/products';

export interface PlanActionProps {
  plan: PlanOffer;
  period: BillingPeriod;
  access: UpgradeAccess;
  current: boolean;
  contactEmail: string;
  checkout: ReturnType<typeof useCheckout>;
  portal: ReturnType<typeof useCustomerPortal>;
}

/** A disabled button that still explains itself: the tooltip needs a wrapper, since disabled buttons get no pointer events. */
function Blocked({ label, reason, highlighted }: { label: string; reason: string; highlighted: boolean }) {
  return (
    <Tooltip label={reason} multiline w={240} withArrow>
      <span style={{ display: 'block' }}>
        <Button fullWidth variant={highlighted ? 'filled' : 'light'} disabled>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The button under a plan column: what the caller can do about that plan, or why not. */
export function PlanAction({ plan, period, access, current, contactEmail, checkout, portal }: PlanActionProps): ReactNode {
  const upgradeLabel = `Upgrade to ${plan.name}`;
  const busy = checkout.isPending || portal.isPending;

  if (current) return <Blocked label="Your current plan" reason="Your organization is on this plan." highlighted={false} />;
  if (access.kind === 'not_admin' || access.kind === 'no_customer')
    return plan.contactSales ? (
      <Blocked label="Contact sales" reason={access.reason} highlighted={false} />
    ) : (
      <Blocked label={upgradeLabel} reason={access.reason} highlighted={plan.highlighted} />
    );
  if (plan.contactSales || access.kind === 'not_connected') {
    const subject = plan.contactSales ? `${plan.name} plan` : `${plan.name} plan (${period})`;
    return (
      <Button
        component="a"
        href={mailtoHref(contactEmail, subject)}
        fullWidth
        variant={plan.highlighted ? 'filled' : 'default'}
        leftSection={<IconMail size={16} />}
      >
        {plan.contactSales ? 'Contact sales' : 'Contact us'}
      </Button>
    );
  }
  if (access.kind === 'portal')
    return (
      <Button
        fullWidth
        variant={plan.highlighted ? 'filled' : 'light'}
        loading={portal.isPending}
        disabled={busy && !portal.isPending}
        onClick={() => portal.mutate()}
      >
        Change plan
      </Button>
    );
  const priceId = priceIdOf(plan, period);
  if (!priceId) return <Blocked label={upgradeLabel} reason={MSG.billing.notOnSale} highlighted={plan.highlighted} />;
  const pending = checkout.isPending && checkout.variables === priceId;
  return (
    <Button fullWidth variant={plan.highlighted ? 'filled' : 'light'} loading={pending} disabled={busy && !pending} onClick={() => checkout.mutate(priceId)}>
      {upgradeLabel}
    </Button>
  );
}
