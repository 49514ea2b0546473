import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';

/** Account creation failed: say why, and offer the only way on — start the wizard over. */
export function SignupErrorModal({ opened, message, onStartOver }: { opened: boolean; message: string; onStartOver: () => void }) {
  return (
    <Modal opened={opened} onClose={onStartOver} withCloseButton={false} closeOnClickOutside={false} centered radius="lg" title={null}>
      <Stack align="center" gap="sm" py="md">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Text component="h2" fw={700} fz="lg" m={0}>
          {MSG.signup.somethingWrong}
        </Text>
        <Text ta="center" c="dimmed">
          {message}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button onClick={onStartOver}>Start Over</Button>
      </Group>
    </Modal>
  );
}
