import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import type { Invite } from '../api/signup-api';
import { StepActions } from './step-actions';
import { StepHeading } from './signup-layout';

const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** Step 0 of the invite flow: whose invitation this is. */
export function InviteStep({ invite, onNext }: { invite: Invite; onNext: () => void }) {
  const name = invite.organization?.name ?? 'an organisation';
  return (
    <div>
      <StepHeading title="You have been invited" description="Create your account to join your team on Coverwatch." />
      <Paper withBorder radius="md" p="lg">
        <Group wrap="nowrap">
          <Avatar size="lg" radius="md" color="blue" variant="light">
            <IconMailOpened size={28} />
          </Avatar>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Join the organisation
            </Text>
            <Text fw={700} fz="lg" data-testid="invite-organization">
              {name}
            </Text>
            {invite.expires && (
              <Text size="xs" c="dimmed">
                This invitation is valid until {expiryFormat.format(new Date(invite.expires))}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      <StepActions nextLabel="Accept invitation" onNext={onNext} />
    </div>
  );
}
