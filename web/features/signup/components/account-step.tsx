import type { ReactNode } from 'react';
import { Anchor, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LIMITS } from '../../../../common/limits';
import type { AccountForm } from './signup-forms';
import { StepActions } from './step-actions';
import { StepHeading } from './signup-layout';

interface AccountStepProps {
  form: AccountForm;
  onNext: () => void;
  onBack?: () => void;
  /** Extra check before Next (the free flow's captcha); return false to stay. */
  canProceed?: () => boolean;
  /** Shown above the buttons (the captcha in the free flow). */
  children?: ReactNode;
  description?: string;
}

/** Name, email, password twice and the terms: the same step in both wizards. */
export function AccountStep({ form, onNext, onBack, canProceed, children, description }: AccountStepProps) {
  const submit = form.onSubmit(
    () => {
      if (canProceed && !canProceed()) return;
      onNext();
    },
    // Run the extra check even when a field is wrong, so every problem shows at once.
    () => canProceed?.(),
  );
  return (
    <form onSubmit={submit} noValidate>
      <StepHeading title="Create your account" description={description ?? 'You will use these details to log in.'} />
      <Stack gap="md">
        <TextInput
          label="Full name"
          placeholder="Jane Doe"
          autoComplete="name"
          required
          maxLength={LIMITS.userName.max}
          {...form.getInputProps('user_username')}
        />
        <TextInput label="Work email" placeholder="jane@studio.com" type="email" autoComplete="email" required {...form.getInputProps('user_email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label="Password"
            description={`At least ${LIMITS.password.min} characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps('user_password')}
          />
          <PasswordInput
            label="Confirm password"
            description="Type it again"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_user_password')}
          />
        </SimpleGrid>
        <Checkbox
          mt="xs"
          label={
            <>
              I agree to the{' '}
              <Anchor href="/terms" target="_blank" rel="noreferrer" inherit>
                terms of service
              </Anchor>{' '}
              and the{' '}
              <Anchor href="/privacy" target="_blank" rel="noreferrer" inherit>
                privacy policy
              </Anchor>
            </>
          }
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        {children}
      </Stack>
      <StepActions onBack={onBack} />
    </form>
  );
}
