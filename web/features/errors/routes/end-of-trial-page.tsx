import { useState } from 'react';
import { Alert, Button, Center, Container, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconHourglassEmpty, IconInfoCircle, IconLogout, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { toastError } from '../../../components/toasts';
import { apiFetch } from '../../../lib/api';
import { LINKS } from '../../../lib/links';
import { isAdmin, useCurrentUser } from '../../../lib/session';
import { useLogout } from '../../../lib/use-logout';
import { PlanCard } from '../components/plan-card';
import { usePlanOffers } from '../components/plan-offers';

/**
 * /errors/end-of-trial: the trial is over and cannot be dismissed. Only admins can upgrade
 * (through the payment platform's portal); others are told to ask their admin. Opened while the
 * organization's trial is still running (or on a paid plan), it says nothing false: it returns
 * to the app.
 */
export function EndOfTrialPage() {
  const user = useCurrentUser().data;
  const { logout, pending } = useLogout();
  const [period, setPeriod] = useState<'monthly' | 'annual'>('monthly');
  const admin = isAdmin(user);
  const customerId = user?.organization?.stripe_customer_id ?? null;
  const offers = usePlanOffers();

  const portal = useMutation({
    mutationFn: () =>
      apiFetch<{ data: { attributes: { url: string } } }>('customer_portal', {
        method: 'POST',
        body: { data: { type: 'customer_create_portal', attributes: { customer_id: customerId } } },
      }),
    onSuccess: (doc) => window.location.assign(doc.data.attributes.url),
    onError: (err) => toastError(err, MSG.billing.portalFailure),
  });

  if (user && !user.organization?.subscription_status?.trial_expired) return <Navigate to="/" replace />;

  const blocked = !admin ? MSG.billing.contactAdmin : !customerId ? MSG.billing.noCustomerId : null;

  return (
    <PublicFrame logoTo="app">
      <Container size="lg" py={48}>
        <Stack gap="xl">
          <Stack align="center" gap="xs" ta="center">
            <Center w={64} h={64} bg="var(--mantine-color-orange-light)" style={{ borderRadius: '50%' }}>
              <IconHourglassEmpty size={32} color="var(--mantine-color-orange-light-color)" />
            </Center>
            <Title order={1} fz={30}>
              Your free trial has ended
            </Title>
            <Text c="dimmed" maw={520}>
              {user?.organization?.name ? `${user.organization.name}'s` : 'Your'} coverage is safe. Choose a plan to keep monitoring and reporting.
            </Text>
            <SegmentedControl
              mt="sm"
              value={period}
              onChange={(v) => setPeriod(v as 'monthly' | 'annual')}
              data={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'annual', label: 'Annual' },
              ]}
            />
          </Stack>
          {blocked && (
            <Alert color={admin ? 'orange' : 'blue'} icon={<IconInfoCircle size={18} />} maw={640} mx="auto" w="100%">
              {blocked}
            </Alert>
          )}
          {offers.isPending && (
            <Center py="xl">
              <Loader aria-label="Loading plans" />
            </Center>
          )}
          {offers.isError && (
            <Alert color="red" icon={<IconInfoCircle size={18} />} maw={640} mx="auto" w="100%" title="The plans could not be loaded">
              <Button size="xs" variant="light" mt="xs" onClick={() => void offers.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {(offers.data ?? []).map((plan) => (
              <PlanCard
                key={plan.key}
                plan={plan}
                period={period}
                action={
                  plan.contactSales ? (
                    <Button variant="default" component="a" href={LINKS.support} leftSection={<IconMail size={16} />} disabled={!admin}>
                      Contact sales
                    </Button>
                  ) : (
                    <Tooltip label={blocked} disabled={!blocked} multiline w={240}>
                      <span>
                        <Button fullWidth variant={plan.highlighted ? 'filled' : 'light'} disabled={!!blocked} loading={portal.isPending} onClick={() => portal.mutate()}>
                          Upgrade to {plan.name}
                        </Button>
                      </span>
                    </Tooltip>
                  )
                }
              />
            ))}
          </SimpleGrid>
          <Group justify="center">
            <Button variant="subtle" color="gray" leftSection={<IconLogout size={16} />} onClick={() => void logout()} loading={pending}>
              Log out
            </Button>
          </Group>
        </Stack>
      </Container>
    </PublicFrame>
  );
}
