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

let exchanges = 0;

/**
 * Arrives at /loading/callback the way single sign-on does (`#sso=1…`); the server holds the
 * session behind this browser's hand-off cookie (`handoff: false`: no such cookie, or spent).
 */
function arrive(fragment: Record<string, string>, opts: { handoff?: boolean } = {}) {
  window.history.replaceState(null, '', `/loading/callback#${new URLSearchParams(fragment)}`);
  exchanges = 0;
  stubFetch(({ url, method }) => {
    if (url.pathname === '/api/p/oidc/session' && method === 'POST') {
      exchanges++;
      if (opts.handoff === false)
        return {
          status: 401,
          body: { errors: [{ status: '401', code: 'unauthorized', title: 'Unauthorized', detail: 'This sign-in has expired. Please try again.' }] },
        };
      return { body: { data: { type: 'session', attributes: { token: 'sso-token', expires_at: '2030-01-01T00:00:00.000Z' } } } };
    }
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
  it('takes the session with its hand-off, remembers the SSO session, clears the fragment and opens return_to', async () => {
    arrive({ sso: '1', return_to: '/projects/5?tab=all' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/projects/5?tab=all');
    expect(exchanges).toBe(1);
    expect(tokenStore.get()).toBe('sso-token');
    expect(window.location.hash).toBe('');
    expect(ssoSession.consume()).toBe(true);
  });

  it('ignores a return_to that leaves the app and opens the default project', async () => {
    arrive({ sso: '1', return_to: '//evil.test/phish' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/articles-feed/5');
  });

  it('never takes a session token from the address (a link cannot sign anyone into another account)', async () => {
    arrive({ token: 'planted-token', expires_at: '2030-01-01T00:00:00.000Z' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/welcome');
    expect(tokenStore.get()).toBeNull();
    expect(exchanges).toBe(0);
  });

  it('without its hand-off (another browser, spent, expired) goes back to the login page with the reason', async () => {
    arrive({ sso: '1' }, { handoff: false });
    expect((await screen.findByTestId('landed')).textContent).toBe(
      `/login?${new URLSearchParams({ sso_error: 'This sign-in has expired. Please try again.' })}`,
    );
    expect(tokenStore.get()).toBeNull();
  });
});
