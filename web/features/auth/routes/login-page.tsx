import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import type { SessionDocument } from '../../../../common/schemas/auth';
import { clearQueryCache } from '../../../app/query-bridge';
import { apiFetch, ApiError, tokenStore } from '../../../lib/api';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { lazySchema } from '../../../lib/lazy-schema';
import { ssoLoginHref, useOidcSettings } from '../api/oidc';
import { AuthShell } from '../components/auth-shell';
import { useSmallForm } from '../components/use-small-form';

// The proof-of-work widget loads only when the server asks for it (many failed logins from this
// network): the login page stays light for everyone else.
const CaptchaField = lazy(() => import('../../../components/captcha-field').then((m) => ({ default: m.CaptchaField })));
// The single sign-on button loads when the server has a provider: its label is a message function,
// and the page's other messages are strings written into it at build (scripts/vite-inline-messages.ts),
// so without it the page loads no message catalogue.
const SsoButton = lazy(() => import('../components/sso-button').then((m) => ({ default: m.SsoButton })));
// The form's schema (and zod) loads once the form is touched, not with the page.
const loginSchema = lazySchema(() => import('../../../../common/schemas/auth').then((m) => m.loginBody));

/** The server answers 429 at `/altcha` when the address is past its limits: a solved captcha lets the right password in. */
const asksForCaptcha = (err: unknown) => err instanceof ApiError && err.status === 429 && err.errors.some((e) => e.source?.pointer === '/altcha');

function loginProblem(err: unknown): string {
  if (!(err instanceof ApiError)) return MSG.somethingWrong;
  if (err.status === -1) return MSG.networkFail;
  if (err.status === 401) return err.errors[0]?.detail ?? MSG.auth.badCredentials;
  if (err.status === 429) return err.errors[0]?.detail ?? MSG.auth.tooManyAttempts;
  return err.message;
}

/**
 * /login: email and password → POST auth/login, keep the token, then /loading/callback. Beside
 * them: "Forgot password?", and the single sign-on button when the server has a provider
 * (`?return_to=` is passed on; `?sso_error=` is what the provider's round trip ended with).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sso = useOidcSettings().data;
  const ssoError = params.get('sso_error');
  const [problem, setProblem] = useState<string | null>(null);
  // Shown once the server asks for it; a new key remounts the widget for a fresh solution after each try.
  const [captcha, setCaptcha] = useState<{ key: number; payload: string | null } | null>(null);
  const form = useSmallForm({ email: '', password: '' });

  async function submit(values: typeof form.values) {
    setProblem(null);
    // The checks of the server's own schema, before the round trip (without it, the server's answer says the same).
    const schema = await loginSchema.getOrNull();
    const invalid = schema ? documentErrors(schema, values) : {};
    if (Object.keys(invalid).length) {
      form.setErrors(invalid);
      return;
    }
    const altcha = captcha?.payload ?? undefined;
    try {
      // Sent as public: a 401 here means wrong credentials, not an ended session.
      const doc = await apiFetch<SessionDocument>('auth/login', { method: 'POST', body: { ...values, altcha }, public: true });
      tokenStore.set(doc.data.attributes.token);
      clearQueryCache();
      navigate('/loading/callback', { replace: true });
    } catch (err) {
      // A solution is spent by the attempt: the next one needs a fresh one.
      if (asksForCaptcha(err) || captcha) setCaptcha((c) => ({ key: (c?.key ?? 0) + 1, payload: null }));
      // Wrong credentials and rate limiting are about the attempt, not a field: one message above the form.
      const fields = err instanceof ApiError && (err.status === 401 || err.status === 429) ? {} : serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors(fields);
      else setProblem(loginProblem(err));
    }
  }

  return (
    <AuthShell>
      <form onSubmit={form.onSubmit(submit)} onFocus={loginSchema.preload} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={24}>
              Log in
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Welcome back. Sign in to your workspace.
            </Text>
          </div>
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          {ssoError && !problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={MSG.identity.ssoFailed} role="alert">
              {ssoError.slice(0, 300)}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" required {...form.getInputProps('email')} />
          <Stack gap={4}>
            <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                {MSG.identity.forgotPassword}
              </Anchor>
            </Group>
          </Stack>
          {captcha && (
            <Suspense fallback={null}>
              <CaptchaField key={captcha.key} onChange={(payload) => setCaptcha((c) => (c ? { ...c, payload } : c))} />
            </Suspense>
          )}
          <Button type="submit" size="md" loading={form.submitting} disabled={captcha !== null && !captcha.payload} fullWidth>
            Log in
          </Button>
          {sso?.enabled && (
            <Suspense fallback={null}>
              <SsoButton href={ssoLoginHref(sso.login_url, params.get('return_to'))} label={sso.label} />
            </Suspense>
          )}
          <Text size="sm" c="dimmed" ta="center">
            No account yet?{' '}
            <Anchor component={Link} to="/signup" fw={600}>
              Start a free trial
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
