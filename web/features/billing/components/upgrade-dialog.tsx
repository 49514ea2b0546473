import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconLogout } from '@tabler/icons-react';
import type { BillingPeriod } from '../../../../common/plans';
import { LINKS } from '../../../lib/links';
import { useCurrentUser } from '../../../lib/session';
import { useLogout } from '../../../lib/use-logout';
import { upgradeAccess } from '../api/billing-access';
import { useCheckout, useCustomerPortal } from '../api/payments';
import { annualSavingLabel, useProducts } from '../api/products';
import type { UpgradeView } from '../api/upgrade-link';
import { AccessNotice } from './access-notice';
import { AddonsView } from './addons-view';
import { PlanAction } from './plan-action';
import { PlanColumn } from './plan-column';

export interface UpgradeDialogProps {
  opened: boolean;
  /** Omitted: the dialog cannot be closed (the end of trial): no close button, no Escape, no outside click. */
  onClose?: () => void;
  title?: string;
  message?: string;
  view?: UpgradeView;
  onViewChange?: (view: UpgradeView) => void;
}

/** Mobile breakpoint of the spec (001 §9): the dialog takes the whole screen and the columns stack. */
const MOBILE = '(max-width: 768px)';

/**
 * The upgrade dialog (spec 000 "Upgrade dialog"): the plans from GET products in three columns with a
 * Monthly/Annual switch, and the add-ons view with its plan select. What the buttons do depends on
 * the caller (upgradeAccess): checkout, the customer portal, or the reason they are disabled.
 */
export function UpgradeDialog({ opened, onClose, title, message, view: controlledView, onViewChange }: UpgradeDialogProps) {
  const user = useCurrentUser().data;
  const products = useProducts();
  const mobile = useMediaQuery(MOBILE);
  const { logout, pending: loggingOut } = useLogout();
  const [localView, setLocalView] = useState<UpgradeView>('plans');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const view = controlledView ?? localView;
  const setView = (v: UpgradeView) => (onViewChange ? onViewChange(v) : setLocalView(v));

  const org = user?.organization;
  const checkout = useCheckout(org?.stripe_customer_id);
  const portal = useCustomerPortal(org?.stripe_customer_id);
  const plans = products.data?.plans ?? [];
  const billing = products.data?.billing;
  const access = upgradeAccess(user, billing);
  const contactEmail = billing?.contactEmail || LINKS.support.replace(/^mailto:/, '');
  const saving = annualSavingLabel(plans);
  const closable = !!onClose;

  return (
    <Modal
      opened={opened}
      onClose={onClose ?? (() => undefined)}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      fullScreen={mobile}
      size={1080}
      padding="lg"
      radius="md"
      title={
        <Stack gap={2}>
          <Title order={2} fz={22}>
            {title ?? 'Choose your plan'}
          </Title>
          <Text size="sm" c="dimmed">
            {message ?? 'Prices without tax. Change or cancel your plan at any time from the customer portal.'}
          </Text>
        </Stack>
      }
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as UpgradeView)}
            data={[
              { value: 'plans', label: 'Plans' },
              { value: 'addons', label: 'Add-ons' },
            ]}
            aria-label="Plans or add-ons"
          />
          {view === 'plans' && (
            <Group gap="xs">
              <SegmentedControl
                value={period}
                onChange={(v) => setPeriod(v as BillingPeriod)}
                data={[
                  { value: 'monthly', label: 'Monthly' },
                  { value: 'annual', label: 'Annual' },
                ]}
                aria-label="Billing period"
              />
              {saving && (
                <Badge color="teal" variant="light" size="lg">
                  {saving}
                </Badge>
              )}
            </Group>
          )}
        </Group>
        {view === 'plans' && products.data && <AccessNotice access={access} />}
        {products.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading plans" />
          </Center>
        )}
        {products.isError && (
          <Alert color="red" icon={<IconInfoCircle size={18} />} title="The plans could not be loaded">
            <Button size="xs" variant="light" mt="xs" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {products.data && view === 'plans' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {plans.map((plan) => {
              const current = org?.plan === plan.key && !org.subscription_status?.trial_expired;
              return (
                <PlanColumn
                  key={plan.key}
                  plan={plan}
                  period={period}
                  current={current}
                  action={
                    <PlanAction plan={plan} period={period} access={access} current={current} contactEmail={contactEmail} checkout={checkout} portal={portal} />
                  }
                />
              );
            })}
          </SimpleGrid>
        )}
        {products.data && view === 'addons' && <AddonsView contactEmail={contactEmail} />}
        {!closable && (
          <Group justify="center">
            <Button variant="subtle" color="gray" leftSection={<IconLogout size={16} />} onClick={() => void logout()} loading={loggingOut}>
              Log out
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
