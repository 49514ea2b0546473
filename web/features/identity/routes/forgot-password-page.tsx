import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { z } from 'zod';
import { MSG } from '../../../../common/messages';
import { emailSchema } from '../../../../common/schemas/auth';
import { ApiError } from '../../../lib/api';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { useRequestPasswordReset } from '../api/identity';
import { IdentityCard } from '../components/identity-card';

const forgotForm = z.object({ email: emailSchema });

const problemOf = (err: unknown) =>
  err instanceof ApiError ? (err.status === -1 ? MSG.networkFail : (err.errors[0]?.detail ?? err.message)) : MSG.somethingWrong;

/** /forgot-password: ask for a reset link by e-mail; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: (values) => documentErrors(forgotForm, values) });

  async function submit(values: typeof form.values) {
    setProblem(null);
    try {
      const doc = await request.mutateAsync(values.email.trim());
      setSent(doc.meta.message);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors(fields);
      else setProblem(problemOf(err));
    }
  }

  const back = (
    <Anchor component={Link} to="/login" size="sm" ta="center" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, justifyContent: 'center' }}>
      <IconArrowLeft size={14} /> {MSG.identity.backToLogin}
    </Anchor>
  );

  if (sent) {
    return (
      <IdentityCard title={MSG.identity.forgotTitle}>
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {sent}
        </Alert>
        <Text size="sm" c="dimmed">
          The link works for 30 minutes. Check your spam folder if nothing arrives within a few minutes.
        </Text>
        {back}
      </IdentityCard>
    );
  }

  return (
    <IdentityCard title={MSG.identity.forgotTitle} intro={MSG.identity.forgotIntro}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" required {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {MSG.identity.sendLink}
          </Button>
          {back}
        </Stack>
      </form>
    </IdentityCard>
  );
}
