import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandYoutube, IconCircleCheck, IconPlus } from '@tabler/icons-react';

/** A project without a YouTube feed: what a feed does, and Create feed. */
export function FeedSetupView({ projectName, onCreate }: { projectName: string; onCreate: () => void }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="md">
      <Stack gap="md" maw={640}>
        <ThemeIcon size={48} radius="md" variant="light" color="red">
          <IconBrandYoutube size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Follow {projectName} on YouTube
        </Title>
        <Text size="sm" c="dimmed">
          A feed watches YouTube for a keyword, such as your game&apos;s name, and collects every new video that mentions it.
        </Text>
        <List spacing="xs" size="sm" icon={<IconCircleCheck size={18} color="var(--mantine-primary-color-filled)" />}>
          <List.Item>Checked every 30 minutes; see what the keyword finds before you create it</List.Item>
          <List.Item>Each video with its channel, subscribers, views, language and country</List.Item>
          <List.Item>Move the ones that matter to Saved Coverage, and get them in Slack or Discord</List.Item>
        </List>
        <div>
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create feed
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
