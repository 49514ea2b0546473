import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { steamAttrs, steamDocument } from '../steam/steam-fixtures';
import { LazySteamSection } from './components/steam-section-lazy';

afterEach(() => vi.unstubAllGlobals());

function serve(attrs = steamAttrs()) {
  return stubFetch((req: StubRequest) =>
    /^\/api\/(p\/)?reports\/5\/steam$/.test(req.url.pathname) ? { body: steamDocument(attrs) } : { status: 404, body: { errors: [] } },
  );
}

describe('a report’s Steam section', () => {
  it('on the public page, asks p/reports/{id}/steam without a token and shows the reviews and announcements', async () => {
    const calls = serve();
    const settled = vi.fn();
    renderWithProviders(<LazySteamSection reportId="5" isPublic show onSettled={settled} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Steam' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Steam reviews' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Steam announcements' })).toBeTruthy();
    expect(screen.getByTestId('steam-review-totals').textContent).toBe('1,234 reviews · 87 % positive in the period');
    expect(calls[0].url.pathname).toBe('/api/p/reports/5/steam');
    expect(calls[0].headers.authorization).toBeUndefined();
    await waitFor(() => expect(settled).toHaveBeenCalled());
  });

  it('in the workspace, asks reports/{id}/steam', async () => {
    const calls = serve();
    renderWithProviders(<LazySteamSection reportId="5" isPublic={false} show />);
    await screen.findByTestId('steam-section');
    expect(calls[0].url.pathname).toBe('/api/reports/5/steam');
  });

  it('shows nothing and asks nothing when the report turns show_steam off', async () => {
    const calls = serve();
    const settled = vi.fn();
    renderWithProviders(<LazySteamSection reportId="5" isPublic show={false} onSettled={settled} />);
    await waitFor(() => expect(settled).toHaveBeenCalled());
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('steam-section')).toBeNull();
  });

  it('shows nothing when the project follows no app', async () => {
    serve(steamAttrs({ apps: [], events: [], totals: { reviews: 0, positive: 0, share_positive: null, events: 0 } }));
    const settled = vi.fn();
    renderWithProviders(<LazySteamSection reportId="5" isPublic show onSettled={settled} />);
    await waitFor(() => expect(settled).toHaveBeenCalled());
    expect(screen.queryByTestId('steam-section')).toBeNull();
  });
});
