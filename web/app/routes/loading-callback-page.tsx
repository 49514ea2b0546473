import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { MSG } from '../../../common/messages';
import { ApiError, tokenStore } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useAllProjects } from '../../lib/workspace';
import { FullPageLoader } from '../../components/full-page-loader';
import { ssoSession } from '../../features/auth/routes/logout-page';
import { landingPath } from '../guards';

/** A path of this app (one leading slash): never another site, whatever the fragment says. */
const isLocalPath = (path: string) => /^\/(?![/\\])/.test(path);

/**
 * Single sign-on lands here with the session in the fragment (`#token=…&expires_at=…&return_to=…`:
 * a fragment never reaches a server log or a Referer). Keeps the token as the login page does
 * and says where to go next. Idempotent, because React may run a state initializer twice.
 */
function takeSsoFragment(): { sso: boolean; returnTo: string | null } {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  if (!token) return { sso: false, returnTo: null };
  tokenStore.set(token);
  ssoSession.mark();
  const returnTo = fragment.get('return_to');
  return { sso: true, returnTo: returnTo && isLocalPath(returnTo) ? returnTo : null };
}

/**
 * /loading/callback: after login (password or single sign-on), loads the user and the
 * projects, then opens the page single sign-on was asked from, else the default project (or the
 * first active one), or /errors/no-org for a user without organization.
 */
export function LoadingCallbackPage() {
  const [sso] = useState(takeSsoFragment);
  useEffect(() => {
    // Drop the token from the address bar and the history entry.
    if (sso.sso) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [sso.sso]);
  const hasToken = tokenStore.get() !== null;
  const user = useCurrentUser();
  const ready = user.data?.status === 'OK' && !!user.data.organization;
  const projects = useAllProjects(ready);

  if (!hasToken) return <Navigate to="/welcome" replace />;
  if (user.isError) return <Navigate to={user.error instanceof ApiError && user.error.status === 401 ? '/welcome' : '/errors/500'} replace />;
  if (!user.data || (ready && projects.isPending)) return <FullPageLoader label={sso.sso ? MSG.oidc.signingIn : 'Preparing your workspace…'} />;
  return <Navigate to={(ready && sso.returnTo) || landingPath(user.data, projects.data)} replace />;
}
