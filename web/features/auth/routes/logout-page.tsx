import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../common/messages';
import { clearQueryCache } from '../../../app/query-bridge';
import { tokenStore } from '../../../lib/api';
import { FullPageLoader } from '../../../components/full-page-loader';

const SSO_KEY = 'coverwatch.sso';

/**
 * Remembers that this browser's session came from single sign-on (set by /loading/callback), so
 * that logging out also ends the session at the identity provider.
 */
export const ssoSession = {
  mark: () => localStorage.setItem(SSO_KEY, '1'),
  /** Whether the session came from single sign-on; forgets it, so the provider's return here ends the loop. */
  consume: (): boolean => {
    const was = localStorage.getItem(SSO_KEY) === '1';
    localStorage.removeItem(SSO_KEY);
    return was;
  },
};

/**
 * /authentication/basic/logout: the logout return target. Forgets the session; after a
 * single sign-on session it goes through the identity provider's logout (which returns here),
 * else straight to /welcome.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    tokenStore.clear();
    clearQueryCache();
    // The server answers with the provider's end-session page, or back here when it has none.
    if (ssoSession.consume()) window.location.assign('/api/p/oidc/logout');
    else navigate('/welcome', { replace: true });
  }, [navigate]);
  return <FullPageLoader label={MSG.oidc.signingOut} />;
}
