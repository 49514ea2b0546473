import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { PublicFrame } from '../../../components/public-frame';

/** The card of the recovery pages: a title, a line of explanation and the content, centred in the public frame. */
export function IdentityCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PublicFrame logoTo="app">
      <Center px="md" py={{ base: 32, sm: 72 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={460}>
          <Stack gap="md">
            <div>
              <Title order={1} fz={24}>
                {title}
              </Title>
              {intro && (
                <Text c="dimmed" size="sm" mt={4}>
                  {intro}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </PublicFrame>
  );
}
