import { MSG } from '../../../../common/messages';
import { useId } from 'react';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { IconBrandSlack, IconPlugConnectedX } from '@tabler/icons-react';
import { CardTitle } from './card-title';

/**
 * The chat-workspace (Slack) install link, for admins. This server has no Slack app yet, so
 * the button stays disabled and says why: never a link that leads nowhere.
 */
export function ChatWorkspaceCard() {
  const reasonId = useId();
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle
          icon={<IconBrandSlack size={18} />}
          title="Chat workspace"
          description="Send coverage alerts to a Slack channel of your team."
        />
        <Alert variant="default" icon={<IconPlugConnectedX size={18} />} title="Not connected">
          <Text size="sm" id={reasonId}>
            {MSG.settings.slackNotConnected}
          </Text>
        </Alert>
        <div>
          <Button leftSection={<IconBrandSlack size={16} />} variant="default" disabled aria-describedby={reasonId}>
            Add to Slack
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
