import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLogin2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { tokenStore } from '../../../lib/api';
import { AuthShell } from '../components/auth-shell';

/** /welcome: a Log in button for unauthenticated users (spec 000 §2). */
export function WelcomePage() {
  const signedIn = tokenStore.get() !== null;
  return (
    <AuthShell>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={26}>
            Welcome to Coverwatch
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Media coverage monitoring for brands, publishers and agencies.
          </Text>
        </div>
        {signedIn ? (
          <Button component={Link} to="/" size="md" rightSection={<IconArrowRight size={18} />}>
            Go to your workspace
          </Button>
        ) : (
          <Button component={Link} to="/login" size="md" leftSection={<IconLogin2 size={18} />}>
            Log in
          </Button>
        )}
        <Text size="sm" c="dimmed" ta="center">
          New here?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Start a free trial
          </Anchor>
        </Text>
      </Stack>
    </AuthShell>
  );
}
