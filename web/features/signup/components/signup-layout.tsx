import { useEffect, useRef, type ReactNode } from 'react';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import classes from './signup.module.css';

/** The sign-up pages' frame: a centered card on a soft background under the logo. `footer` replaces the log-in hint; null hides it. */
export function SignupLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <main className={classes.page}>
      <Stack align="center" gap="lg" w="100%">
        <Wordmark />
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
        {footer !== undefined ? (
          footer
        ) : (
          <Text size="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/welcome" size="sm">
              Log in
            </Anchor>
          </Text>
        )}
      </Stack>
    </main>
  );
}

/** The app's own logo (the navigation's BrandLogo), so the sign-up looks like the product it opens. */
export function Wordmark() {
  return <BrandLogo size={32} />;
}

/**
 * A step's heading: what this step is for, in one line — the page's h1. When a step replaces
 * the last one, the focused button goes with it and focus would fall back to the page's body:
 * the new step's heading takes it instead, so a keyboard or screen-reader user goes on from
 * the step's start and hears its name.
 */
export function StepHeading({ title, description, ta }: { title: string; description?: ReactNode; ta?: 'center' }) {
  const ref = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <Stack gap={4} mb="lg" align={ta === 'center' ? 'center' : undefined}>
      <Text ref={ref} component="h1" fw={700} fz="xl" m={0} tabIndex={-1} className={classes.stepHeading}>
        {title}
      </Text>
      {description && (
        <Text c="dimmed" size="sm" ta={ta}>
          {description}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Focuses the element when it appears — mounted, or shown again by the stepper (its steps stay
 * mounted in hidden <Activity> blocks, whose effects run again when they show) — unless a
 * control that is still on screen holds the focus.
 */
function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !onScreen(active)) ref.current?.focus();
  }, []);
  return ref;
}

/** Whether no ancestor of the element is hidden (display: none), as a step's panel is once another step shows. */
function onScreen(element: Element): boolean {
  for (let el: Element | null = element; el; el = el.parentElement) {
    if (getComputedStyle(el).display === 'none') return false;
  }
  return true;
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
