import { useMutation } from '@tanstack/react-query';
import type { SessionDocument } from '../../../../common/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** The neutral answer of a reset request or a resend: one sentence to show. */
interface AcceptedDocument {
  meta: { message: string };
}

/** POST p/password_reset: always 202 with the same sentence (or 422 / 429). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<AcceptedDocument>('p/password_reset', { method: 'POST', body: { data: { type: 'password_reset', attributes: { email } } }, public: true }),
  });
}

/** POST p/password_reset/{token}: the new password; answers a session (the person is signed in). */
export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<SessionDocument>(`p/password_reset/${encodeURIComponent(token)}`, {
        method: 'POST',
        body: { data: { type: 'password_reset', attributes: { password } } },
        public: true,
      }),
  });
}

interface VerifiedDocument {
  data: { attributes: { email: string; verified_at: string } };
  meta: { message: string };
}

/** POST p/verify_email/{token}. */
export const verifyEmail = (token: string) => apiFetch<VerifiedDocument>(`p/verify_email/${encodeURIComponent(token)}`, { method: 'POST', public: true });

/** POST verify_email: a new link for the signed-in user. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiFetch<AcceptedDocument>('verify_email', { method: 'POST' }) });
}
