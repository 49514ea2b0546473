import { useState } from 'react';
import { Stepper } from '@mantine/core';
import { ApiError } from '../../../lib/api';
import { creationFailureMessage, type Invite } from '../api/signup-api';
import { useCreateInvitedUser } from '../api/use-create-account';
import { useUploadInviteAvatar } from '../api/use-invite';
import { AccountStep } from './account-step';
import { AvatarStep } from './avatar-step';
import { CreateAccountStep } from './create-account-step';
import { SignupErrorModal } from './error-modal';
import { InviteStep } from './invite-step';
import { SERVER_FIELD_TO_FORM, useAccountForm } from './signup-forms';
import { useStepLabel } from './signup-layout';
import classes from './signup.module.css';

const STEP = { invite: 0, account: 1, avatar: 2, done: 3 } as const;

/** The four-step invite sign-up: Invite, Account, Avatar, Done. */
export function InviteWizard({ invite }: { invite: Invite }) {
  const stepLabel = useStepLabel();
  const [active, setActive] = useState<number>(STEP.invite);
  const [picture, setPicture] = useState<string | null>(null);
  const account = useAccountForm();
  const upload = useUploadInviteAvatar(invite.key);
  const create = useCreateInvitedUser();
  const status = create.isPending ? 'pending' : create.isSuccess ? 'success' : create.isError ? 'error' : 'idle';
  const locked = active >= STEP.done;

  const submit = () => {
    const a = account.getValues();
    setActive(STEP.done);
    create.mutate(
      { invite_key: invite.key, name: a.user_username.trim(), email: a.user_email.trim(), password: a.user_password, picture },
      {
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          for (const [key, detail] of Object.entries(err.fieldErrors())) {
            const target = SERVER_FIELD_TO_FORM[key];
            if (target?.form === 'account') account.setFieldError(target.field as never, detail);
          }
        },
      },
    );
  };

  const startOver = () => {
    create.reset();
    setActive(STEP.invite);
  };

  return (
    <>
      <Stepper
        active={create.isSuccess ? STEP.done + 1 : active}
        onStepClick={(step) => !locked && step < active && setActive(step)}
        allowNextStepsSelect={false}
        size="sm"
        keepMounted
        classNames={{ content: classes.stepBody, steps: classes.steps, separator: classes.separator, stepLabel: classes.stepLabel }}
      >
        <Stepper.Step label={stepLabel('Invite')} aria-label="Invite">
          <InviteStep invite={invite} onNext={() => setActive(STEP.account)} />
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Account')} aria-label="Account">
          <AccountStep
            form={account}
            onBack={() => setActive(STEP.invite)}
            onNext={() => setActive(STEP.avatar)}
            description={`You will join ${invite.organization?.name ?? 'the organisation'} with these details.`}
          />
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Avatar')} aria-label="Avatar">
          <AvatarStep
            name={account.values.user_username}
            picture={picture}
            uploading={upload.isPending}
            uploadError={upload.isError ? (upload.error instanceof ApiError ? upload.error.message : String(upload.error)) : null}
            onUpload={(file) => {
              setPicture(null);
              upload.mutate(file, { onSuccess: (res) => setPicture(res.url) });
            }}
            onRemove={() => {
              upload.reset();
              setPicture(null);
            }}
            onBack={() => setActive(STEP.account)}
            onNext={submit}
          />
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Done')} aria-label="Done" loading={create.isPending}>
          <CreateAccountStep status={status} pendingText={`Joining ${invite.organization?.name ?? 'your organisation'}…`} />
        </Stepper.Step>
        <Stepper.Completed>
          <CreateAccountStep status={status} pendingText="" />
        </Stepper.Completed>
      </Stepper>
      <SignupErrorModal opened={create.isError} message={creationFailureMessage(create.error)} onStartOver={startOver} />
    </>
  );
}
