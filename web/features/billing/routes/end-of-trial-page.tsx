import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { useCurrentUser } from '../../../lib/session';
import { UpgradeDialog } from '../components/upgrade-dialog';
import { possessive } from '../../../lib/text';

/**
 * /errors/end-of-trial: the workspace is closed (a trial that ended, or a subscription that was
 * deleted) and the upgrade dialog cannot be dismissed. Admins can buy a plan; others are told to ask
 * their admin. Opened while the workspace is open, it says nothing false: it returns to the app.
 */
export function EndOfTrialPage() {
  const user = useCurrentUser().data;
  if (user && !user.organization?.subscription_status?.trial_expired) return <Navigate to="/" replace />;

  const org = user?.organization;
  const title = org && org.plan !== 'trial' ? MSG.billing.subscriptionEnded : MSG.billing.trialEnded;
  const message = `${org?.name ? possessive(org.name) : 'Your'} coverage, reports and projects are kept safe. Choose a plan to keep monitoring and reporting.`;

  return (
    <PublicFrame logoTo="app">
      {/* A calm page behind the dialog: what happened, without the workspace's noise. */}
      <Center py={96} px="md">
        <Stack align="center" gap="xs" ta="center" maw={480}>
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            <IconHourglassEmpty size={32} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {title}
          </Title>
          <Text c="dimmed">{message}</Text>
        </Stack>
      </Center>
      {user && <UpgradeDialog opened title={title} message={message} />}
    </PublicFrame>
  );
}
