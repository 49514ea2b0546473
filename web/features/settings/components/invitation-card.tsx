import { MSG } from '../../../../common/messages';
import { ActionIcon, Anchor, Button, Card, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconUserPlus } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dates';
import { useCreateInvite } from '../api/settings';
import { CardTitle } from './card-title';

/** Invitation link: admins create one (POST invite) and copy it; others are told to ask an admin. */
export function InvitationCard({ admin }: { admin: boolean }) {
  const invite = useCreateInvite();
  const link = invite.data ? `${window.location.origin}${invite.data.url}` : null;

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle icon={<IconUserPlus size={18} />} title="Invitation link" description="Bring your team into your organization." />
        {!admin ? (
          <Text size="sm" c="dimmed">
            {MSG.settings.inviteAskAdmin}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {MSG.settings.inviteHelp}
            </Text>
            {link && invite.data && (
              <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
                <Stack gap={4}>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Anchor href={link} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="invite-link">
                      {link}
                    </Anchor>
                    <CopyButton value={link} timeout={2000}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? 'Copied' : 'Copy link'}>
                          <ActionIcon
                            variant="light"
                            color={copied ? 'teal' : 'brand'}
                            onClick={copy}
                            aria-label={copied ? 'Link copied' : 'Copy invitation link'}
                          >
                            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Group>
                  <Text size="xs" c="dimmed">
                    Expires {formatDateTime(invite.data.expires)}
                  </Text>
                </Stack>
              </Paper>
            )}
            <Group>
              <Button leftSection={<IconLink size={16} />} variant={link ? 'default' : 'filled'} onClick={() => invite.mutate()} loading={invite.isPending}>
                {link ? 'Create another link' : 'Create invitation link'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
