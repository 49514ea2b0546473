import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { HoverTooltip } from './hover-tooltip';

describe('a tooltip mounted on hover', () => {
  it('renders its target alone, then Mantine’s tooltip once the mouse rests on it; passing over it mounts nothing', async () => {
    renderWithProviders(
      <HoverTooltip label="https://example.com/a" openDelay={50}>
        <a href="https://example.com/a">Headline</a>
      </HoverTooltip>,
    );
    const link = screen.getByRole('link', { name: 'Headline' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Passing over it (in and out before the delay) mounts nothing.
    fireEvent.mouseEnter(link);
    fireEvent.mouseLeave(link);
    await new Promise((r) => setTimeout(r, 80));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('https://example.com/a');
    expect(screen.getByRole('link', { name: 'Headline' }).getAttribute('href')).toBe('https://example.com/a');
  });

  it('shows on keyboard focus too, and the target keeps the focus', async () => {
    renderWithProviders(
      <div>
        <HoverTooltip label="Next page">
          <button type="button" aria-label="Next page">
            ›
          </button>
        </HoverTooltip>
      </div>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    screen.getByRole('button', { name: 'Next page' }).focus();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Next page');
    // The tooltip mounted around a new element of the target: the focus moved with it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next page' })));
  });

  it('shows nothing for a touch, as Mantine’s tooltip does by default', async () => {
    renderWithProviders(
      <HoverTooltip label="Metacritic outlet">
        <span>MC</span>
      </HoverTooltip>,
    );
    const badge = screen.getByText('MC');
    fireEvent.pointerEnter(badge, { pointerType: 'touch' });
    fireEvent.mouseEnter(badge);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
