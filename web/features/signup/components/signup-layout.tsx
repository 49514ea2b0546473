import type { ReactNode } from 'react';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import classes from './signup.module.css';

/** The sign-up pages' frame: a centered card on a soft background under the logo. `footer` replaces the log-in hint; null hides it. */
export function SignupLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={classes.page}>
      <Stack align="center" gap="lg" w="100%">
        <Wordmark />
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
        {footer !== undefined ? footer : (
          <Text size="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/welcome" size="sm">
              Log in
            </Anchor>
          </Text>
        )}
      </Stack>
    </div>
  );
}

/** The app's own logo (the navigation's BrandLogo), so the sign-up looks like the product it opens. */
export function Wordmark() {
  return <BrandLogo size={32} />;
}

/** A step's heading: what this step is for, in one line. */
export function StepHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Text component="h2" fw={700} fz="xl" m={0}>
        {title}
      </Text>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Stepper labels: on narrow screens the steps show as numbered circles only, and each step's
 * heading names it. The breakpoint is wider than the spec's 768 px mobile one: below 960 px
 * the card is narrower than its 800 px, too narrow for five labelled steps on one line.
 */
export function useStepLabel(): (label: string) => string | undefined {
  const compact = useMediaQuery('(max-width: 60em)');
  return (label) => (compact ? undefined : label);
}
