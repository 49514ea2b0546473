import { lazy, Suspense, useState } from 'react';
import { Input, Stack, Stepper } from '@mantine/core';
import { ApiError } from '../../../lib/api';
import { MSG } from '../../../../common/messages';
import { creationFailureMessage } from '../api/signup-api';
import { useCreateFreeUser } from '../api/use-create-account';
import { AccountStep } from '../components/account-step';
import { CreateAccountStep } from '../components/create-account-step';
import { SignupErrorModal } from '../components/error-modal';
import { FeedsSummary } from '../components/feeds-summary';
import { IntroStep } from '../components/intro-step';
import { OrganizationStep } from '../components/organization-step';
import { ProjectStep } from '../components/project-step';
import { SlackOffer } from '../components/slack-offer';
import { SERVER_FIELD_TO_FORM, buildRequest, useAccountForm, useOrganizationForm, useProjectForm } from '../components/signup-forms';
import { SignupLayout, useStepLabel } from '../components/signup-layout';
import classes from '../components/signup.module.css';

const STEP = { intro: 0, account: 1, organization: 2, project: 3, done: 4 } as const;

// The proof-of-work widget loads once the account step is reached: the page opens on the intro.
const CaptchaField = lazy(() => import('../../../components/captcha-field').then((m) => ({ default: m.CaptchaField })));
/** The widget's height, kept while it loads (with its message, as CaptchaField shows it) so that nothing moves. */
const CAPTCHA_HEIGHT = 75;

/** Route /signup: the five-step free sign-up (Sign Up, Account, Organisation, Project Set-up, Done). */
export function FreeSignupPage() {
  const stepLabel = useStepLabel();
  const [active, setActive] = useState<number>(STEP.intro);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  // Mounted from the account step on, and kept (a solved widget survives going back to the intro).
  const [captchaShown, setCaptchaShown] = useState(false);
  if (active >= STEP.account && !captchaShown) setCaptchaShown(true);
  const account = useAccountForm();
  const organization = useOrganizationForm();
  const project = useProjectForm();
  const create = useCreateFreeUser();
  const forms = { account, organization, project } as const;

  const status = create.isPending ? 'pending' : create.isSuccess ? 'success' : create.isError ? 'error' : 'idle';
  const locked = active >= STEP.done;

  const requireCaptcha = () => {
    setCaptchaError(captcha ? null : MSG.validation.captcha);
    return Boolean(captcha);
  };

  const submit = () => {
    setActive(STEP.done);
    create.mutate(buildRequest(account.getValues(), organization.getValues(), project.getValues(), captcha ?? ''), {
      onError: (err) => {
        // Put the server's field messages back on the fields, for when the user starts over.
        if (!(err instanceof ApiError)) return;
        for (const [key, detail] of Object.entries(err.fieldErrors())) {
          const target = SERVER_FIELD_TO_FORM[key];
          if (target) (forms[target.form] as { setFieldError: (field: string, error: string) => void }).setFieldError(target.field, detail);
        }
      },
    });
  };

  // A used solution is spent whatever the outcome: a new attempt needs a fresh one.
  const startOver = () => {
    create.reset();
    setCaptcha(null);
    setCaptchaKey((k) => k + 1);
    setActive(STEP.intro);
  };

  return (
    <SignupLayout footer={create.isSuccess ? null : undefined}>
      <Stepper
        active={create.isSuccess ? STEP.done + 1 : active}
        onStepClick={(step) => !locked && step < active && setActive(step)}
        allowNextStepsSelect={false}
        size="sm"
        keepMounted
        classNames={{ content: classes.stepBody, steps: classes.steps, separator: classes.separator, stepLabel: classes.stepLabel }}
      >
        <Stepper.Step label={stepLabel('Sign Up')} aria-label="Sign Up">
          <IntroStep onStart={() => setActive(STEP.account)} />
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Account')} aria-label="Account">
          <AccountStep form={account} onBack={() => setActive(STEP.intro)} onNext={() => setActive(STEP.organization)} canProceed={requireCaptcha}>
            {captchaShown && (
              <Suspense
                fallback={
                  <Stack gap={4}>
                    <div style={{ minHeight: CAPTCHA_HEIGHT }} />
                    {captchaError && <Input.Error>{captchaError}</Input.Error>}
                  </Stack>
                }
              >
                <CaptchaField
                  key={captchaKey}
                  onChange={(payload) => {
                    setCaptcha(payload);
                    if (payload) setCaptchaError(null);
                  }}
                  error={captchaError}
                />
              </Suspense>
            )}
          </AccountStep>
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Organisation')} aria-label="Organisation">
          <OrganizationStep form={organization} onBack={() => setActive(STEP.account)} onNext={() => setActive(STEP.project)} />
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Project Set-up')} aria-label="Project Set-up">
          <ProjectStep form={project} onBack={() => setActive(STEP.organization)} onNext={submit} altcha={captcha} />
        </Stepper.Step>
        <Stepper.Step label={stepLabel('Done')} aria-label="Done" loading={create.isPending}>
          <CreateAccountStep status={status} pendingText="Setting up your organisation, brand and project…" />
        </Stepper.Step>
        <Stepper.Completed>
          <CreateAccountStep
            status={status}
            summary={
              create.data && (
                <>
                  <FeedsSummary feeds={create.data.data.feeds} />
                  <SlackOffer />
                </>
              )
            }
            pendingText=""
          />
        </Stepper.Completed>
      </Stepper>
      <SignupErrorModal opened={create.isError} message={creationFailureMessage(create.error)} onStartOver={startOver} />
    </SignupLayout>
  );
}
