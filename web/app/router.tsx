import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PublicFrame, PublicNotFound, PublicServerError } from '../components/public-frame';
import { LoginPage } from '../features/auth/routes/login-page';
import { LogoutPage } from '../features/auth/routes/logout-page';
import { WelcomePage } from '../features/auth/routes/welcome-page';
import { EndOfTrialPage } from '../features/billing/routes/end-of-trial-page';
import { NoCustomerPage } from '../features/errors/routes/no-customer-page';
import { NoOrgPage } from '../features/errors/routes/no-org-page';
import { NotFoundPage } from '../features/errors/routes/not-found-page';
import { ServerErrorPage } from '../features/errors/routes/server-error-page';
import { UpgradeSuccessPage } from '../features/billing/routes/upgrade-success-page';
import { PublicReportPage } from '../features/reports/routes/public-report-page';
import { UnsubscribePage } from '../features/digests/routes/unsubscribe-page';
import { ForgotPasswordPage } from '../features/identity/routes/forgot-password-page';
import { ResetPasswordPage } from '../features/identity/routes/reset-password-page';
import { VerifyEmailPage } from '../features/identity/routes/verify-email-page';
import { SlackInstalledPage } from '../features/slack/routes/slack-installed-page';
import { FreeSignupPage } from '../features/signup/routes/free-signup-page';
import { InviteSignupPage } from '../features/signup/routes/invite-signup-page';
import { PrivacyPage, TermsPage } from '../features/signup/routes/legal-pages';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';
import { RouteError } from './route-error';
import { LoadingCallbackPage } from './routes/loading-callback-page';
import { workspaceRoutes } from './workspace-routes';

/** Every route of spec 000 §2. The workspace ones sit behind RequireSession and the layout. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/welcome', element: <WelcomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/loading/callback', element: <LoadingCallbackPage /> },
      { path: '/authentication/basic/logout', element: <LogoutPage /> },
      { path: '/signup', element: <FreeSignupPage /> },
      { path: '/signup/:inviteKey', element: <InviteSignupPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/p/r/:reportId', element: <PublicReportPage /> },
      { path: '/p/404', element: <PublicFrame><PublicNotFound /></PublicFrame> },
      { path: '/p/500', element: <PublicFrame><PublicServerError /></PublicFrame> },
      { path: '/errors/404', element: <NotFoundPage /> },
      { path: '/errors/500', element: <ServerErrorPage /> },
      { path: '/errors/no-customer', element: <NoCustomerPage /> },
      { path: '/errors/end-of-trial', element: <EndOfTrialPage /> },
      { path: '/errors/no-org', element: <NoOrgPage /> },
      { path: '/subscription-upgrade-success', element: <UpgradeSuccessPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
      { path: '/slack/installed', element: <SlackInstalledPage /> },
      {
        element: <RequireSession />,
        children: [{ element: <AppLayout />, children: workspaceRoutes }],
      },
      { path: '*', element: <Navigate to="/errors/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
