import { Anchor, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { InviteUnavailableError } from '../api/signup-api';
import { useInvite } from '../api/use-invite';
import { InviteWizard } from '../components/invite-wizard';
import { SignupLayout } from '../components/signup-layout';

/** Route /signup/:inviteKey: checks the invitation, then runs the invite wizard. */
export function InviteSignupPage() {
  const { inviteKey = '' } = useParams();
  const invite = useInvite(inviteKey);

  if (invite.isPending) {
    return (
      <SignupLayout>
        <Center mih={240}>
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed">Checking your invitation…</Text>
          </Stack>
        </Center>
      </SignupLayout>
    );
  }

  if (invite.isError) {
    const invalid = invite.error instanceof InviteUnavailableError && invite.error.reason === 'invalid';
    return (
      <SignupLayout>
        <Stack align="center" gap="md" py="xl">
          <ThemeIcon size={56} radius="xl" color={invalid ? 'gray' : 'red'} variant="light">
            <IconLinkOff size={30} />
          </ThemeIcon>
          <Text fw={700} fz="lg" ta="center" role="alert">
            {invalid ? MSG.signup.inviteInvalid : MSG.signup.inviteFetch}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {invalid ? 'Ask an admin of your organisation for a new invitation link.' : 'Check your connection and try again.'}
          </Text>
          <Group>
            {!invalid && (
              <Button variant="light" loading={invite.isFetching} onClick={() => invite.refetch()}>
                Try again
              </Button>
            )}
            <Anchor component={Link} to="/welcome">
              Go to the welcome page
            </Anchor>
          </Group>
        </Stack>
      </SignupLayout>
    );
  }

  return (
    <SignupLayout>
      <InviteWizard invite={invite.data} />
    </SignupLayout>
  );
}
