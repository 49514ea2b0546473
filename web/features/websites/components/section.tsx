import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import secondary from '../../../components/secondary-text.module.css';

/** A card section's title and one line of explanation. */
export function SectionTitle({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={2} mb="md">
      <Title order={2} size="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" className={secondary.secondary}>
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
        <Text size="sm" ta="center" className={secondary.secondary}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
