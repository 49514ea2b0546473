import { expect } from 'vitest';
import { within } from '@testing-library/react';

/**
 * Checks that `scope` (a table row, a modal) shows a language or country the shared way
 * (web/components/language-badge.tsx): the code in the badge, the full name for screen readers and on hover.
 */
export function expectCodeBadge(scope: HTMLElement, code: string, name: string) {
  const badge = within(scope).getByTitle(name);
  expect(badge.classList.contains('mantine-Badge-root'), `${name} is drawn as the shared badge`).toBe(true);
  expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBe(code);
  expect(within(badge).getByText(name).closest('.mantine-VisuallyHidden-root')).not.toBeNull();
}

/** Checks that `scope` shows the tag `name` in the shared tag pill (web/components/tag-pill.tsx). */
export function expectTagPill(scope: HTMLElement, name: string) {
  const pill = within(scope).getByText(name).closest('.mantine-Pill-root');
  expect(pill, `the tag ${name} is drawn as the shared pill`).not.toBeNull();
}
