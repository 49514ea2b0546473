import { Button } from '@mantine/core';
import { IconCreditCardOff, IconLifebuoy, IconLogout } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';
import { LINKS } from '../../../lib/links';
import { useLogout } from '../../../lib/use-logout';

/** /errors/no-customer: 401, customer not found, with logout (a paid plan without a payment customer). */
export function NoCustomerPage() {
  const { logout, pending } = useLogout();
  return (
    <PublicFrame logoTo="app">
      <StatusPage
        code="401"
        color="orange"
        icon={<IconCreditCardOff size={32} />}
        title={MSG.pages.customerNotFound}
        message={MSG.billing.noCustomer}
        actions={
          <>
            <Button component="a" href={LINKS.support} leftSection={<IconLifebuoy size={16} />}>
              Contact support
            </Button>
            <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void logout()} loading={pending}>
              Log out
            </Button>
          </>
        }
      />
    </PublicFrame>
  );
}
