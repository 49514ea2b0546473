import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** A card section's title and one line of explanation. */
export function SectionTitle({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={2} mb="md">
      <Title order={4}>{title}</Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** The empty state of a section (000 §2: authors, social accounts, feeds). */
export function EmptyCard({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-default-hover)" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap={6}>
        <Text c="dimmed">{icon}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
