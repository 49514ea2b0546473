import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { MSG } from '../../../../common/messages';
import { passwordSchema } from '../../../../common/schemas/auth';
import { toastSuccess } from '../../../components/toasts';
import { ApiError, tokenStore } from '../../../lib/api';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { useResetPassword } from '../api/identity';
import { IdentityCard } from '../components/identity-card';

/** The sign-up's rules and messages: the server checks `password` with the same schema. */
const resetForm = z
  .object({ password: passwordSchema, confirm: z.string().min(1, MSG.validation.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirm, { message: MSG.validation.passwordsMismatch, path: ['confirm'] });

/**
 * /reset-password/:token: choose a new password. The server ends every session and answers a
 * new one, so the person lands in the workspace signed in. A dead link (404/410) says why and
 * offers a new one.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reset = useResetPassword(token);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate: (values) => documentErrors(resetForm, values) });

  async function submit(values: typeof form.values) {
    setProblem(null);
    try {
      const doc = await reset.mutateAsync(values.password);
      tokenStore.set(doc.data.attributes.token);
      qc.clear();
      toastSuccess(MSG.identity.passwordChanged);
      navigate('/loading/callback', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 410)) {
        setDeadLink(err.errors[0]?.detail ?? MSG.identity.resetLinkExpired);
        return;
      }
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors(fields);
      else setProblem(err instanceof ApiError ? (err.status === -1 ? MSG.networkFail : err.message) : MSG.somethingWrong);
    }
  }

  if (deadLink) {
    return (
      <IdentityCard title={MSG.identity.resetTitle}>
        <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert">
          {deadLink}
        </Alert>
        <Button component={Link} to="/forgot-password" size="md" fullWidth>
          {MSG.identity.requestNewLink}
        </Button>
      </IdentityCard>
    );
  }

  return (
    <IdentityCard title={MSG.identity.resetTitle}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <PasswordInput
            label={MSG.identity.newPassword}
            description={MSG.identity.passwordHint}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput label={MSG.identity.confirmPassword} autoComplete="new-password" required {...form.getInputProps('confirm')} />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {MSG.identity.savePassword}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, justifyContent: 'center' }}>
            <IconArrowLeft size={14} /> {MSG.identity.backToLogin}
          </Anchor>
        </Stack>
      </form>
    </IdentityCard>
  );
}
