import { Navigate } from 'react-router';
import { ApiError, tokenStore } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useAllProjects } from '../../lib/workspace';
import { FullPageLoader } from '../../components/full-page-loader';
import { landingPath } from '../guards';

/**
 * /loading/callback: after login, loads the user and the projects, then opens the default
 * project (or the first active one), or /errors/no-org for a user without organization.
 */
export function LoadingCallbackPage() {
  const hasToken = tokenStore.get() !== null;
  const user = useCurrentUser();
  const ready = user.data?.status === 'OK' && !!user.data.organization;
  const projects = useAllProjects(ready);

  if (!hasToken) return <Navigate to="/welcome" replace />;
  if (user.isError) return <Navigate to={user.error instanceof ApiError && user.error.status === 401 ? '/welcome' : '/errors/500'} replace />;
  if (!user.data || (ready && projects.isPending)) return <FullPageLoader label="Preparing your workspace…" />;
  return <Navigate to={landingPath(user.data, projects.data)} replace />;
}
