import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '../../../../common/messages';
import { tokenStore } from '../../../lib/api';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { LoginPage } from './login-page';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/loading/callback', element: <p>callback</p> },
    ],
    { initialEntries: ['/login'] },
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
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message on 401 and 429 and stays on the page", async () => {
    let status = 401;
    stubFetch(() => ({
      status,
      body: { errors: [{ status: String(status), code: 'x', title: 'x', detail: status === 401 ? 'Wrong email or password' : 'Slow down, please', source: { pointer: '/password' } }] },
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

  it('keeps the token and goes to /loading/callback', async () => {
    const calls = stubFetch(() => ({ body: { data: { type: 'session', attributes: { token: 'tok-1', expires_at: '2030-01-01T00:00:00Z' } } } }));
    const router = renderLogin();
    fill('Ada@Example.com', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loading/callback'));
    expect(tokenStore.get()).toBe('tok-1');
    expect(calls[0].url.pathname).toBe('/api/auth/login');
    expect(calls[0].body).toEqual({ email: 'Ada@Example.com', password: 'secret-password' });
    expect(calls[0].headers.authorization).toBeUndefined();
  });
});
