import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '../../../../common/messages';
import { tokenStore } from '../../../lib/api';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { ssoLoginHref } from '../api/oidc';
import { LoginPage } from './login-page';

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/loading/callback', element: <p>callback</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('LoginPage', () => {
  it('validates with the shared schema before calling the server', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderLogin();
    fill('not-an-email', '');
    expect(await screen.findByText(MSG.validation.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordRequired)).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname !== '/api/p/oidc')).toHaveLength(0);
  });

  it("shows the server's message on 401 and 429 and stays on the page", async () => {
    let status = 401;
    stubFetch(() => ({
      status,
      body: {
        errors: [
          {
            status: String(status),
            code: 'x',
            title: 'x',
            detail: status === 401 ? 'Wrong email or password' : 'Slow down, please',
            source: { pointer: '/password' },
          },
        ],
      },
    }));
    const router = renderLogin();
    fill('ada@example.com', 'secret-password');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong email or password');
    status = 429;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Slow down, please'));
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenStore.get()).toBeNull();
  });

  it('asks for the captcha when the network is past its limits, and logs in with the solution', async () => {
    let answer: 'captcha' | 'ok' = 'captcha';
    const calls = stubFetch((req) =>
      req.url.pathname !== '/api/auth/login'
        ? { status: 404 }
        : answer === 'captcha'
          ? {
              status: 429,
              body: { errors: [{ status: '429', code: 'rate_limited', title: 'x', detail: MSG.auth.captchaRequired, source: { pointer: '/altcha' } }] },
            }
          : { body: { data: { type: 'session', attributes: { token: 'tok-2', expires_at: '2030-01-01T00:00:00Z' } } } },
    );
    const router = renderLogin();
    fill('ada@example.com', 'secret-password');
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.auth.captchaRequired);
    // The widget is loaded on demand; until it is solved, the button waits.
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // The widget announces its own first state as it starts; the solution comes after.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    act(() => {
      document.querySelector('altcha-widget')!.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'c29sdmVk' } }));
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    answer = 'ok';
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/loading/callback'));
    const logins = calls.filter((c) => c.url.pathname === '/api/auth/login');
    expect(logins.map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'secret-password' },
      { email: 'ada@example.com', password: 'secret-password', altcha: 'c29sdmVk' },
    ]);
  });

  it('keeps the token and goes to /loading/callback', async () => {
    const calls = stubFetch(() => ({ body: { data: { type: 'session', attributes: { token: 'tok-1', expires_at: '2030-01-01T00:00:00Z' } } } }));
    const router = renderLogin();
    fill('Ada@Example.com', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loading/callback'));
    expect(tokenStore.get()).toBe('tok-1');
    // The other call is the single sign-on settings (GET p/oidc).
    const login = calls.find((c) => c.url.pathname === '/api/auth/login')!;
    expect(login.body).toEqual({ email: 'Ada@Example.com', password: 'secret-password' });
    expect(login.headers.authorization).toBeUndefined();
  });

  it('links to the password reset page', () => {
    stubFetch(() => ({ status: 404 }));
    renderLogin();
    expect(screen.getByRole('link', { name: MSG.identity.forgotPassword }).getAttribute('href')).toBe('/forgot-password');
  });

  it('offers single sign-on when the server has a provider, passing the return path on', async () => {
    stubFetch(() => ({ body: { data: { type: 'oidc', id: 'oidc', attributes: { enabled: true, label: 'Acme SSO', login_url: '/api/p/oidc/login' } } } }));
    renderLogin('/login?return_to=%2Freports%2F4');
    const button = await screen.findByRole('link', { name: MSG.identity.ssoButton('Acme SSO') });
    expect(button.getAttribute('href')).toBe('/api/p/oidc/login?return_to=%2Freports%2F4');
  });

  it('shows no sign-on button when it is off, ignores a return path to another site, and shows sso_error', async () => {
    const calls = stubFetch(() => ({
      body: { data: { type: 'oidc', id: 'oidc', attributes: { enabled: false, label: 'SSO', login_url: '/api/p/oidc/login' } } },
    }));
    renderLogin('/login?sso_error=The%20provider%20refused');
    expect((await screen.findByRole('alert')).textContent).toContain('The provider refused');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/p/oidc')).toBe(true));
    expect(screen.queryByRole('link', { name: /Log in with/ })).toBeNull();
    expect(ssoLoginHref('/api/p/oidc/login', '//evil.example/x')).toBe('/api/p/oidc/login');
    expect(ssoLoginHref('/api/p/oidc/login', 'https://evil.example/')).toBe('/api/p/oidc/login');
  });
});
