import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { PublicFrame, PublicNotFound, PublicServerError } from '../components/public-frame';
import { NotFoundPage } from '../features/errors/routes/not-found-page';
import { ServerErrorPage } from '../features/errors/routes/server-error-page';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error';
import { WORKSPACE_SCREENS } from './workspace-routes';

/**
 * A screen that keeps data: its chunk and TanStack Query's (query-root.tsx) load side by side, and
 * the screen renders inside the app's one query client. The pages that need no Query (the login
 * page, the welcome page) are plain `lazyScreen`s: a page without a session downloads no Query.
 */
function queryScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return lazyScreen(
    () => Promise.all([import('./query-root'), load()]),
    ([{ QueryRoot }, module]) => {
      const Screen = pick(module);
      return function WithQuery() {
        return (
          <QueryRoot>
            <Screen />
          </QueryRoot>
        );
      };
    },
  );
}

/** The pages outside the workspace (spec 000 §2), each in a chunk of its own. */
const PUBLIC_SCREENS: [path: string, screen: LazyScreen][] = [
  [
    '/welcome',
    lazyScreen(
      () => import('../features/auth/routes/welcome-page'),
      (m) => m.WelcomePage,
    ),
  ],
  [
    '/login',
    lazyScreen(
      () => import('../features/auth/routes/login-page'),
      (m) => m.LoginPage,
    ),
  ],
  [
    '/loading/callback',
    queryScreen(
      () => import('./routes/loading-callback-page'),
      (m) => m.LoadingCallbackPage,
    ),
  ],
  [
    '/authentication/basic/logout',
    lazyScreen(
      () => import('../features/auth/routes/logout-page'),
      (m) => m.LogoutPage,
    ),
  ],
  [
    '/signup',
    queryScreen(
      () => import('../features/signup/routes/free-signup-page'),
      (m) => m.FreeSignupPage,
    ),
  ],
  [
    '/signup/:inviteKey',
    queryScreen(
      () => import('../features/signup/routes/invite-signup-page'),
      (m) => m.InviteSignupPage,
    ),
  ],
  [
    '/privacy',
    lazyScreen(
      () => import('../features/signup/routes/legal-pages'),
      (m) => m.PrivacyPage,
    ),
  ],
  [
    '/terms',
    lazyScreen(
      () => import('../features/signup/routes/legal-pages'),
      (m) => m.TermsPage,
    ),
  ],
  [
    '/errors/no-customer',
    lazyScreen(
      () => import('../features/errors/routes/no-customer-page'),
      (m) => m.NoCustomerPage,
    ),
  ],
  [
    '/errors/end-of-trial',
    queryScreen(
      () => import('../features/billing/routes/end-of-trial-page'),
      (m) => m.EndOfTrialPage,
    ),
  ],
  [
    '/errors/no-org',
    lazyScreen(
      () => import('../features/errors/routes/no-org-page'),
      (m) => m.NoOrgPage,
    ),
  ],
  [
    '/subscription-upgrade-success',
    queryScreen(
      () => import('../features/billing/routes/upgrade-success-page'),
      (m) => m.UpgradeSuccessPage,
    ),
  ],
  [
    '/forgot-password',
    queryScreen(
      () => import('../features/identity/routes/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  ],
  [
    '/reset-password/:token',
    queryScreen(
      () => import('../features/identity/routes/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  ],
  [
    '/verify-email/:token',
    queryScreen(
      () => import('../features/identity/routes/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  ],
  [
    '/unsubscribe/:token',
    queryScreen(
      () => import('../features/digests/routes/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  ],
  [
    '/slack/installed',
    queryScreen(
      () => import('../features/slack/routes/slack-installed-page'),
      (m) => m.SlackInstalledPage,
    ),
  ],
];

/**
 * The workspace gate and frame: chunks of their own, fetched with the first workspace screen. The
 * gate renders the layout and the screens (its Outlet) inside the query client.
 */
const requireSession = queryScreen(
  () => import('./require-session'),
  (m) => m.RequireSession,
);
const appLayout = lazyScreen(
  () => import('./layout/app-layout'),
  (m) => m.AppLayout,
);

/** The error pages the entry holds anyway (RouteError shows them): no chunk to wait for. */
const STATIC_PATHS = ['/p/404', '/p/500', '/errors/404', '/errors/500'];

/** Whether `pathname` is a workspace screen (or an unknown path), rather than a page outside it. */
export function isWorkspacePath(pathname: string): boolean {
  return !STATIC_PATHS.includes(pathname) && !PUBLIC_SCREENS.some(([path]) => matchPath(path, pathname));
}

/**
 * Fetches every chunk `pathname` shows at once: the page's, or for a workspace screen the gate's,
 * the layout's and the screen's — each would otherwise wait for the one above it to render.
 */
function preloadScreens(pathname: string) {
  if (STATIC_PATHS.includes(pathname)) return;
  const page = PUBLIC_SCREENS.find(([path]) => matchPath(path, pathname));
  if (page) return void page[1].preload().catch(() => {});
  const screen = WORKSPACE_SCREENS.find(([path]) => matchPath(`/${path}`, pathname));
  for (const s of [requireSession, appLayout, ...(screen ? [screen[1]] : [])]) s.preload().catch(() => {});
}

/**
 * Every route of spec 000 §2, each screen in a chunk of its own, so that a page loads what it shows:
 * the public report and the ways in (login, sign-up) never load the workspace shell, the editor or
 * the map. A public page shows nothing for the moment its chunk takes; the workspace shows the
 * loader RequireSession shows next while it asks for the user, so nothing jumps; moving between
 * screens keeps the current one until the next is in (navigations are transitions). A screen that
 * throws, or whose chunk cannot be fetched, shows RouteError.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  preloadScreens(pathname);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        {PUBLIC_SCREENS.map(([path, { Component }]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <Component />
              </Suspense>
            }
          />
        ))}
        <Route
          path="/p/404"
          element={
            <PublicFrame>
              <PublicNotFound />
            </PublicFrame>
          }
        />
        <Route
          path="/p/500"
          element={
            <PublicFrame>
              <PublicServerError />
            </PublicFrame>
          }
        />
        <Route path="/errors/404" element={<NotFoundPage />} />
        <Route path="/errors/500" element={<ServerErrorPage />} />
        <Route
          element={
            <Suspense fallback={<FullPageLoader />}>
              <requireSession.Component />
            </Suspense>
          }
        >
          <Route element={<appLayout.Component />}>
            <Route index element={null} />
            {WORKSPACE_SCREENS.map(([path, { Component }]) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/errors/404" replace />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
