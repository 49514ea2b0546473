import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBrandSlack } from '@tabler/icons-react';
import { useAddToSlack, useSlackInstallation } from '../../slack/api/slack';

/**
 * The free sign-up's "slack authorization" (spec 001: named only): once the account exists its
 * admin may install the Coverwatch app in a Slack workspace right away. Shown only when this
 * server has a Slack app; Slack sends the browser back to /slack/installed, which leads on to
 * Settings.
 */
export function SlackOffer() {
  const installation = useSlackInstallation();
  const add = useAddToSlack();
  if (!installation.data?.configured || installation.data.installed) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="lg">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconBrandSlack size={22} />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text fw={600}>Get new coverage in Slack</Text>
          <Text size="sm" c="dimmed">
            Add Coverwatch to your Slack workspace, then choose a channel in your project&apos;s alert. You can also do this later in Settings.
          </Text>
        </div>
        <Button variant="default" leftSection={<IconBrandSlack size={16} />} onClick={() => add.mutate()} loading={add.isPending}>
          Add to Slack
        </Button>
      </Group>
    </Paper>
  );
}
