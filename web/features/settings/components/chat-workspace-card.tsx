import { MSG } from '../../../../common/messages';
import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBrandSlack, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { formatDate } from '../../../lib/dates';
import { useCan } from '../../../lib/can';
import { useAddToSlack, useDisconnectSlack, useRefreshSlackChannels, useSlackInstallation } from '../../slack/api/slack';
import { CardTitle } from './card-title';

/**
 * The chat workspace (Slack app), for admins: what the server still needs when it has no Slack
 * app; "Add to Slack" when none is installed; the workspace, its channel count, "Refresh
 * channels" and "Disconnect" once installed; and, after Slack removed the app, when that
 * happened with "Reinstall". Never a link that leads nowhere.
 */
export function ChatWorkspaceCard() {
  const reasonId = useId();
  const planHasSlack = useCan('notify.slack');
  const installation = useSlackInstallation();
  const add = useAddToSlack();
  const refresh = useRefreshSlackChannels();
  const disconnect = useDisconnectSlack();
  const [confirming, setConfirming] = useState(false);
  const info = installation.data;

  const addButton = (label: string) => (
    <div>
      <Button leftSection={<IconBrandSlack size={16} />} onClick={() => add.mutate()} loading={add.isPending}>
        {label}
      </Button>
    </div>
  );

  let body;
  if (installation.isPending) body = <Loader size="sm" aria-label="Loading the Slack app" />;
  else if (!info || !info.configured) {
    body = (
      <>
        <Alert variant="default" icon={<IconPlugConnectedX size={18} />} title="Not connected">
          <Text size="sm" id={reasonId}>
            {info ? MSG.slack.notConfigured : MSG.settings.slackNotConnected}
          </Text>
        </Alert>
        <div>
          <Button leftSection={<IconBrandSlack size={16} />} variant="default" disabled aria-describedby={reasonId}>
            Add to Slack
          </Button>
        </div>
      </>
    );
  } else if (!planHasSlack) {
    body = (
      <Alert variant="light" color="gray" p="xs">
        <Text size="sm">{MSG.billing.upgrade}</Text>
      </Alert>
    );
  } else if (info.installed) {
    body = (
      <>
        <Group gap="xs">
          <Badge color="teal" variant="light">
            Connected
          </Badge>
          <Text size="sm" fw={500}>
            {info.team_name ?? 'Slack workspace'}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {info.channel_count} channel{info.channel_count === 1 ? '' : 's'} available to alerts
          {info.channels_synced_at ? ` · listed ${formatDate(info.channels_synced_at)}` : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => refresh.mutate()} loading={refresh.isPending}>
            Refresh channels
          </Button>
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </Group>
      </>
    );
  } else if (info.revoked_at) {
    body = (
      <>
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} title="Disconnected">
          <Text size="sm">{MSG.slack.revoked(formatDate(info.revoked_at))}</Text>
        </Alert>
        {addButton('Reinstall')}
      </>
    );
  } else body = addButton('Add to Slack');

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle icon={<IconBrandSlack size={18} />} title="Chat workspace" description="Send coverage alerts to a Slack channel of your team." />
        {body}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Disconnect Slack" size="md">
        <Stack gap="md">
          <Text size="sm">{MSG.slack.disconnectConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={disconnect.isPending}
              // A failure keeps the dialog open (the mutation's toast says why).
              onClick={() =>
                disconnect.mutateAsync().then(
                  () => setConfirming(false),
                  () => undefined,
                )
              }
            >
              Disconnect
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
