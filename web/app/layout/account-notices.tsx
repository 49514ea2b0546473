import { BillingNotice } from '../../features/billing/components/billing-notice';
import { VerifyEmailBanner } from '../../features/identity/components/verify-email-banner';
import { NoticeBar } from '../../components/notice-bar';
import type { CurrentUser } from '../../lib/session';

/**
 * What the account needs to know, above every workspace page, in one compact bar: the billing line
 * (a failed payment, the trial's days left) and the address to confirm. A new trial user used to
 * meet two stacked banners and a pill in the top bar (about 140 px, issue 27); this is one line.
 */
export function AccountNotices({ user }: { user: CurrentUser }) {
  return (
    <NoticeBar>
      <BillingNotice user={user} />
      <VerifyEmailBanner user={user} />
    </NoticeBar>
  );
}
