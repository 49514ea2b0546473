import type { ReactNode } from 'react';
import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PageHeader } from './page-header';

export interface PlannedScreenProps {
  title: ReactNode;
  description: ReactNode;
  icon: ReactNode;
  /** What the screen will hold once its feature ships. */
  holds: string[];
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * A screen whose feature has not shipped yet: its title, what it is for and what it will
 * show. No sample data: an empty workspace must never look populated.
 */
export function PlannedScreen({ title, description, icon, holds, actions, children }: PlannedScreenProps) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {children ?? (
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" maw={640}>
            <ThemeIcon size={48} radius="md" variant="light">
              {icon}
            </ThemeIcon>
            <Title order={4}>Coming to this workspace</Title>
            <Text c="dimmed" size="sm">
              This screen is part of Coverwatch and is being built. When it is ready it will hold:
            </Text>
            <List spacing="xs" size="sm" icon={<IconCircleCheck size={18} color="var(--mantine-primary-color-filled)" />}>
              {holds.map((h) => (
                <List.Item key={h}>{h}</List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      )}
    </>
  );
}
