import { Alert, Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTwitch, IconCircleCheck, IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import { useTwitchAvailability } from '../api/twitch-feed';

/**
 * The creation prompt of a project without a stream feed (000 "Twitch feed"). Without Twitch
 * credentials on the server it says which variables to set: the game lookup needs Twitch.
 */
export function TwitchFeedSetup({ projectName, onCreate }: { projectName: string; onCreate: () => void }) {
  const availability = useTwitchAvailability();
  const down = availability.data && !availability.data.available;
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="md">
      <Stack gap="md" maw={640}>
        <ThemeIcon size={48} radius="md" variant="light" color="grape">
          <IconBrandTwitch size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Follow {projectName} on Twitch
        </Title>
        <Text c="dimmed" size="sm">
          A stream feed watches one game on Twitch for streams and videos whose title contains your keyword, and lists them here.
        </Text>
        <List spacing="xs" size="sm" icon={<IconCircleCheck size={18} color="var(--mantine-primary-color-filled)" />}>
          <List.Item>Live streams and videos with their channel, followers, views and language</List.Item>
          <List.Item>Filters by date, followers, views, language and Twitch tags</List.Item>
          <List.Item>Save the best ones to your coverage, or get them in Slack or Discord</List.Item>
        </List>
        {down && (
          <Alert color="yellow" icon={<IconPlugConnectedX size={18} />} p="sm">
            <Text size="sm">{availability.data?.reason}</Text>
            <Text size="xs" c="dimmed">
              A feed&apos;s game is looked up on Twitch, so the feed can be created once Twitch is connected.
            </Text>
          </Alert>
        )}
        <div>
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create feed
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
