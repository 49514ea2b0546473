import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { Notice } from '../../../components/notice-bar';
import { toastError, toastSuccess } from '../../../components/toasts';
import { useResendVerification } from '../api/identity';

const DISMISSED_KEY = 'coverwatch.verify-email-banner.dismissed';

/**
 * Whether the banner shows: the address is not confirmed (`email_verified: false`; an older server
 * that does not send the field asks nothing), and it was not closed in this browser session.
 */
export function showsVerifyBanner(user: { email_verified?: boolean }, dismissedFor: string | null, userId: string): boolean {
  return user.email_verified === false && dismissedFor !== userId;
}

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * "Confirm your address" in the workspace's notice bar while the address is not confirmed, with a
 * button that sends the link again. The account works meanwhile; closing it hides it until the
 * browser session ends.
 */
export function VerifyEmailBanner({ user }: { user: { id: string; email: string; email_verified?: boolean } }) {
  const [dismissedFor, setDismissedFor] = useState(readDismissed);
  const resend = useResendVerification();
  if (!showsVerifyBanner(user, dismissedFor, user.id)) return null;

  function dismiss() {
    try {
      sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // Storage refused (private mode): hidden until the next reload.
    }
    setDismissedFor(user.id);
  }

  return (
    <Notice
      tone="info"
      icon={<IconMail size={16} />}
      onDismiss={dismiss}
      yields
      action={
        <Button
          size="compact-sm"
          variant="default"
          loading={resend.isPending}
          disabled={resend.isSuccess}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (doc) => toastSuccess(doc.meta.message),
              onError: (err) => toastError(err, MSG.somethingWrong),
            })
          }
        >
          {MSG.identity.sendAgain}
        </Button>
      }
    >
      {MSG.identity.banner(user.email)}
    </Notice>
  );
}
