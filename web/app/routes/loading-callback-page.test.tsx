import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { tokenStore } from '../../lib/api';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signedInUserDoc } from '../../testing/user-doc';
import { ssoSession } from '../../features/auth/routes/logout-page';
import { LoadingCallbackPage } from './loading-callback-page';

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

/** Arrives at /loading/callback the way single sign-on does: the session in the address's fragment. */
function arrive(fragment: Record<string, string>) {
  window.history.replaceState(null, '', `/loading/callback#${new URLSearchParams(fragment)}`);
  stubFetch(({ url }) => {
    if (url.pathname === '/api/user') return { body: signedInUserDoc({ defaultProjectId: '5' }) };
    if (url.pathname === '/api/projects') return { body: { data: [{ type: 'project', id: '5', attributes: { name: 'Starfall', locked: false } }], meta: {} } };
    return { status: 404, body: { errors: [] } };
  });
  const router = createMemoryRouter(
    [
      { path: '/loading/callback', element: <LoadingCallbackPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/loading/callback'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
  ssoSession.consume();
  window.history.replaceState(null, '', '/');
});

describe('LoadingCallbackPage after single sign-on', () => {
  it('keeps the token, remembers the SSO session, clears the fragment and opens return_to', async () => {
    arrive({ token: 'sso-token', expires_at: '2030-01-01T00:00:00.000Z', return_to: '/projects/5?tab=all' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/projects/5?tab=all');
    expect(tokenStore.get()).toBe('sso-token');
    expect(window.location.hash).toBe('');
    expect(ssoSession.consume()).toBe(true);
  });

  it('ignores a return_to that leaves the app and opens the default project', async () => {
    arrive({ token: 'sso-token', expires_at: '2030-01-01T00:00:00.000Z', return_to: '//evil.test/phish' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/articles-feed/5');
  });
});
