import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { CountryBadge, LanguageBadge } from './language-badge';
import { TagPill } from './tag-pill';

/** What a screen reader reads of an element: its text without the parts hidden from it. */
function spoken(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
  return copy.textContent?.trim() ?? '';
}

describe('LanguageBadge (issue 27: one language badge style)', () => {
  it('shows the code and reads the language’s full name', () => {
    const { container } = renderWithProviders(<LanguageBadge code="fr" />);
    const badge = container.querySelector('.mantine-Badge-root')!;
    expect(badge.getAttribute('title')).toBe('French');
    expect(badge.querySelector('[aria-hidden="true"]')!.textContent).toBe('fr');
    expect(spoken(badge)).toBe('French');
    // One look everywhere: the small outlined badge, the code in capitals.
    expect(badge.getAttribute('data-variant')).toBe('default');
    expect(badge.getAttribute('data-size')).toBe('sm');
  });

  it('names languages outside the reference list too, and keeps a code it cannot name', () => {
    const { unmount } = renderWithProviders(<LanguageBadge code="fil" />);
    expect(screen.getByText('Filipino')).toBeTruthy();
    unmount();
    renderWithProviders(<LanguageBadge code="x1" />);
    expect(screen.getByTitle('x1')).toBeTruthy();
  });

  it('shows a dash for an unknown language, and says so', () => {
    for (const code of ['unknown', null, '']) {
      const { container, unmount } = renderWithProviders(<LanguageBadge code={code} />);
      expect(container.querySelector('.mantine-Badge-root')).toBeNull();
      const dash = container.querySelector('.mantine-Text-root')!;
      expect(dash.textContent).toBe('–Unknown language');
      expect(spoken(dash)).toBe('Unknown language');
      unmount();
    }
  });
});

describe('CountryBadge', () => {
  it('wears the language badge’s look and reads the country’s name', () => {
    const { container } = renderWithProviders(<CountryBadge code="us" />);
    const badge = container.querySelector('.mantine-Badge-root')!;
    expect(badge.getAttribute('data-variant')).toBe('default');
    expect(spoken(badge)).toBe('United States');
  });
});

describe('TagPill (issue 27: one tag pill style)', () => {
  it('shows the tag in the pill the tag filters use, whole name on hover', () => {
    const { container } = renderWithProviders(<TagPill name="Launch coverage and early previews" />);
    const pill = container.querySelector('.mantine-Pill-root')!;
    expect(pill.textContent).toBe('Launch coverage and early previews');
    expect(pill.getAttribute('title')).toBe('Launch coverage and early previews');
  });

  it('shows a dash without a tag, and says so', () => {
    const { container } = renderWithProviders(<TagPill name={null} />);
    expect(container.querySelector('.mantine-Pill-root')).toBeNull();
    expect(spoken(container.querySelector('.mantine-Text-root')!)).toBe('No tag');
  });
});
