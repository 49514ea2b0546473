import { Center, Loader, Stack, Text } from '@mantine/core';
import { LogoMark } from './brand-logo';

export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <LogoMark size={40} />
        <Loader size="sm" type="dots" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
