import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandSteam } from '@tabler/icons-react';
import secondary from '../../../components/secondary-text.module.css';

/** Shown on the overview of a project that follows no game on Steam: what following one adds, and the way to it. */
export function FollowSteamCard({ onOpenSettings }: { onOpenSettings: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="follow-steam">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color="blue" size={40} radius="md" aria-hidden>
          <IconBrandSteam size={22} />
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            Follow your game on Steam
          </Title>
          <Text size="sm" className={secondary.secondary}>
            Name the project’s games by their Steam store address: the developer’s announcements are flagged on the coverage chart, each day’s reviews and share
            positive are drawn under it, and reports can show both.
          </Text>
          <Group>
            <Button variant="light" onClick={onOpenSettings}>
              Add Steam games
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
