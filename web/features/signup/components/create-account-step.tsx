import type { ReactNode } from 'react';
import { Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCreationProgress, type CreationStatus } from './use-creation-progress';
import { StepHeading } from './signup-layout';

interface CreateAccountStepProps {
  status: CreationStatus;
  /** What the new account contains, shown once it exists. */
  summary?: ReactNode;
  pendingText: string;
}

/** The last step: progress while the account is created, then the way into the app. */
export function CreateAccountStep({ status, summary, pendingText }: CreateAccountStepProps) {
  const progress = useCreationProgress(status);
  const navigate = useNavigate();
  if (status === 'success') {
    return (
      <div>
        <Stack align="center" gap="xs" mb="lg">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCheck size={36} />
          </ThemeIcon>
          <StepHeading title="You are all set!" description="Your account is ready and you are logged in." ta="center" />
        </Stack>
        <Progress value={100} color="teal" size="sm" radius="xl" aria-label="Account creation progress" />
        {summary}
        <Group justify="flex-end" mt="xl">
          <Button size="md" rightSection={<IconArrowRight size={16} />} onClick={() => navigate('/loading/callback')}>
            Go to Coverwatch
          </Button>
        </Group>
      </div>
    );
  }
  return (
    <div>
      <StepHeading title="Creating your account" description={pendingText} />
      <Progress
        value={progress}
        size="lg"
        radius="xl"
        striped={status === 'pending'}
        animated={status === 'pending'}
        color={status === 'error' ? 'red' : undefined}
        aria-label="Account creation progress"
      />
      <Text size="sm" c="dimmed" mt="xs" ta="right">
        {progress} %
      </Text>
    </div>
  );
}
