import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { MSG } from '../../../common/messages';
import { apiFetch, ApiError, tokenStore } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useAllProjects } from '../../lib/workspace';
import { FullPageLoader } from '../../components/full-page-loader';
import { ssoSession } from '../../features/auth/routes/logout-page';
import { landingPath } from '../guards';

/** A path of this app (one leading slash): never another site, whatever the fragment says. */
const isLocalPath = (path: string) => /^\/(?![/\\])/.test(path);

/**
 * Single sign-on lands here as `#sso=1&return_to=…`: the session waits on the server behind an
 * HttpOnly hand-off cookie of this browser (never in the address, where a link could plant
 * someone else's session: login CSRF), and is taken with one POST. Read once per page load,
 * because React may run a state initializer twice.
 */
function readSsoFragment(): { sso: boolean; returnTo: string | null } {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.get('sso') !== '1') return { sso: false, returnTo: null };
  const returnTo = fragment.get('return_to');
  return { sso: true, returnTo: returnTo && isLocalPath(returnTo) ? returnTo : null };
}

type SsoExchange = 'idle' | 'pending' | 'done' | { error: string };

/** Exchanges the hand-off cookie for the session token, kept as the login page keeps it. */
function useSsoExchange(sso: boolean): SsoExchange {
  const [state, setState] = useState<SsoExchange>(sso ? 'pending' : 'idle');
  useEffect(() => {
    if (!sso) return;
    // Drop the marker from the address bar and the history entry.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let live = true;
    apiFetch<{ data: { attributes: { token: string } } }>('p/oidc/session', { method: 'POST', public: true })
      .then((doc) => {
        tokenStore.set(doc.data.attributes.token);
        ssoSession.mark();
        if (live) setState('done');
      })
      .catch((err: unknown) => {
        if (live) setState({ error: err instanceof ApiError ? err.message : MSG.oidc.loginExpired });
      });
    return () => {
      live = false;
    };
  }, [sso]);
  return state;
}

/**
 * /loading/callback: after login (password or single sign-on), loads the user and the
 * projects, then opens the page single sign-on was asked from, else the default project (or the
 * first active one), or /errors/no-org for a user without organization.
 */
export function LoadingCallbackPage() {
  const [sso] = useState(readSsoFragment);
  const exchange = useSsoExchange(sso.sso);
  const hasToken = tokenStore.get() !== null;
  const user = useCurrentUser();
  const ready = user.data?.status === 'OK' && !!user.data.organization;
  const projects = useAllProjects(ready);

  if (exchange === 'pending') return <FullPageLoader label={MSG.oidc.signingIn} />;
  if (typeof exchange === 'object') return <Navigate to={`/login?${new URLSearchParams({ sso_error: exchange.error })}`} replace />;
  if (!hasToken) return <Navigate to="/welcome" replace />;
  if (user.isError) return <Navigate to={user.error instanceof ApiError && user.error.status === 401 ? '/welcome' : '/errors/500'} replace />;
  if (!user.data || (ready && projects.isPending)) return <FullPageLoader label={sso.sso ? MSG.oidc.signingIn : 'Preparing your workspace…'} />;
  return <Navigate to={(ready && sso.returnTo) || landingPath(user.data, projects.data)} replace />;
}
