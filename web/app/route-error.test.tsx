import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MSG } from '../../common/messages';
import { renderWithProviders } from '../testing/render';
import { RouteErrorBoundary } from './route-error';

function Screen({ fails }: { fails: boolean }) {
  if (fails) throw new Error('the screen broke');
  return <p>the screen</p>;
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the 500 page for a screen that throws, and the next path afresh', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ui = (path: string, fails: boolean) => (
      <MemoryRouter>
        <RouteErrorBoundary resetKey={path}>
          <Screen fails={fails} />
        </RouteErrorBoundary>
      </MemoryRouter>
    );
    const { rerender } = renderWithProviders(ui('/a', true));
    expect(screen.getByText(MSG.pages.serverError)).toBeTruthy();
    // The same path stays on the error page; another one renders its screen.
    rerender(ui('/a', false));
    expect(screen.getByText(MSG.pages.serverError)).toBeTruthy();
    rerender(ui('/b', false));
    expect(screen.getByText('the screen')).toBeTruthy();
  });
});
