import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { showsVerifyBanner, VerifyEmailBanner } from './components/verify-email-banner';
import { ForgotPasswordPage } from './routes/forgot-password-page';
import { ResetPasswordPage } from './routes/reset-password-page';
import { VerifyEmailPage } from './routes/verify-email-page';

vi.mock('../../components/toasts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/loading/callback', element: <p>callback</p> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const gone = (detail: string) => ({
  status: 410,
  body: { errors: [{ status: '410', code: 'gone', title: 'Gone', detail, source: { pointer: '/token' } }] },
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
  sessionStorage.clear();
});

describe('ForgotPasswordPage', () => {
  it('checks the address with the shared schema, then shows the server’s neutral sentence', async () => {
    const calls = stubFetch(() => ({ status: 202, body: { meta: { message: MSG.identity.resetRequested } } }));
    renderAt('/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: MSG.identity.sendLink }));
    expect(await screen.findByText(MSG.validation.emailRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.identity.sendLink }));
    expect((await screen.findByRole('status')).textContent).toContain(MSG.identity.resetRequested);
    expect(calls[0].url.pathname).toBe('/api/p/password_reset');
    expect(calls[0].body).toEqual({ data: { type: 'password_reset', attributes: { email: 'ada@example.com' } } });
    expect(calls[0].headers.authorization).toBeUndefined();
  });

  it('shows a rate limit as a message', async () => {
    stubFetch(() => ({ status: 429, body: { errors: [{ status: '429', code: 'rate_limited', title: 'x', detail: MSG.identity.resetRateLimited }] } }));
    renderAt('/forgot-password');
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.identity.sendLink }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.identity.resetRateLimited);
  });
});

describe('ResetPasswordPage', () => {
  const fill = (password: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${MSG.identity.newPassword}`)), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${MSG.identity.confirmPassword}`)), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: MSG.identity.savePassword }));
  };

  it('uses the sign-up’s rules and messages before calling the server', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderAt('/reset-password/tok');
    fill('short', 'short');
    expect(await screen.findByText(MSG.validation.passwordLength)).toBeTruthy();
    fill('long enough secret', 'another secret');
    expect(await screen.findByText(MSG.validation.passwordsMismatch)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs the person in with the session the server answers', async () => {
    const calls = stubFetch(() => ({ body: { data: { type: 'session', attributes: { token: 'fresh', expires_at: '2030-01-01T00:00:00Z' } } } }));
    const router = renderAt('/reset-password/abc_DEF-123');
    fill('long enough secret', 'long enough secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loading/callback'));
    expect(tokenStore.get()).toBe('fresh');
    expect(calls[0].url.pathname).toBe('/api/p/password_reset/abc_DEF-123');
    expect(calls[0].body).toEqual({ data: { type: 'password_reset', attributes: { password: 'long enough secret' } } });
  });

  it('explains a used or expired link and offers a new one', async () => {
    stubFetch(() => gone(MSG.identity.resetLinkExpired));
    renderAt('/reset-password/old');
    fill('long enough secret', 'long enough secret');
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.identity.resetLinkExpired);
    expect(screen.getByRole('link', { name: MSG.identity.requestNewLink }).getAttribute('href')).toBe('/forgot-password');
    expect(tokenStore.get()).toBeNull();
  });
});

describe('VerifyEmailPage', () => {
  it('confirms on load, once', async () => {
    const calls = stubFetch(() => ({
      body: {
        data: { type: 'email_verification', id: '1', attributes: { email: 'ada@example.com', verified_at: '2026-01-01T00:00:00Z' } },
        meta: { message: MSG.identity.emailVerified },
      },
    }));
    renderAt('/verify-email/tok');
    await screen.findByText(MSG.identity.emailVerified);
    expect(screen.getByRole('status').textContent).toBe(`${MSG.identity.emailVerified}ada@example.com`);
    expect(calls.filter((c) => c.url.pathname === '/api/p/verify_email/tok')).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
  });

  it('says why a link does not work', async () => {
    stubFetch(() => gone(MSG.identity.verifyEmailChanged));
    renderAt('/verify-email/tok');
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.identity.verifyEmailChanged);
  });
});

describe('the e-mail confirmation banner', () => {
  it('shows only for an unconfirmed address that was not dismissed by this user', () => {
    expect(showsVerifyBanner({ email_verified: false }, null, '7')).toBe(true);
    expect(showsVerifyBanner({ email_verified: true }, null, '7')).toBe(false);
    expect(showsVerifyBanner({}, null, '7')).toBe(false);
    expect(showsVerifyBanner({ email_verified: false }, '7', '7')).toBe(false);
    expect(showsVerifyBanner({ email_verified: false }, '8', '7')).toBe(true);
  });

  it('sends the link again and stays closed for the session once dismissed', async () => {
    const calls = stubFetch(() => ({ status: 202, body: { meta: { message: MSG.identity.verificationSent('ada@example.com') } } }));
    const user = { id: '7', email: 'ada@example.com', email_verified: false };
    const first = renderWithProviders(<VerifyEmailBanner user={user} />);
    expect(screen.getByText(MSG.identity.banner('ada@example.com'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.identity.sendAgain }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0].url.pathname).toBe('/api/verify_email');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(MSG.identity.banner('ada@example.com'))).toBeNull();
    first.unmount();
    renderWithProviders(<VerifyEmailBanner user={user} />);
    expect(screen.queryByText(MSG.identity.banner('ada@example.com'))).toBeNull();
  });
});
