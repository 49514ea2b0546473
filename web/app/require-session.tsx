import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sourcePacksQuery } from '../features/sources/api/source-packs-query';
import { ApiError, tokenStore } from '../lib/api';
import { can } from '../lib/can';
import { useCurrentUser } from '../lib/session';
import { usePrefetchStartupLists } from '../lib/startup';
import { useAllProjects } from '../lib/workspace';
import { FullPageLoader } from '../components/full-page-loader';
import { accountRedirect, decideRedirect } from './guards';
import { lastProject } from './last-project';

/**
 * Gate of the workspace routes: no token → /welcome; then `GET user` decides (no organization,
 * trial over, no payment customer, plan features, admin-only pages, unknown project).
 */
export function RequireSession() {
  const { pathname } = useLocation();
  const hasToken = tokenStore.get() !== null;
  const user = useCurrentUser();
  const ready = user.data?.status === 'OK' && !!user.data.organization;
  const projects = useAllProjects(ready);
  // The operator's admins see the sources callout above every page until they answer it: asked
  // for beside the projects, so that it is there when the page first draws rather than pushing
  // the page down once it arrives.
  const operatorAdmin = ready && can(user.data, 'operator.console');
  const packs = useQuery(sourcePacksQuery(operatorAdmin));
  // The spec's startup lists (tiers, alerts), once the workspace is open (not behind the end of a trial).
  usePrefetchStartupLists(ready && !accountRedirect(user.data!));

  // The project list is needed for `/` and to check the project of the path; a failed list only skips the check.
  const waiting =
    !user.data || (ready && projects.isPending && projects.fetchStatus !== 'idle') || (operatorAdmin && packs.isPending && packs.fetchStatus !== 'idle');
  // The frame and the screen first draw as a transition (in slices that yield to the browser), not
  // in one long task as the last of these answers comes in; later renders are not held back.
  const shown = !useDeferredValue(waiting);

  if (!hasToken) return <Navigate to="/welcome" replace />;
  if (user.isError) return <Navigate to={user.error instanceof ApiError && user.error.status === 401 ? '/welcome' : '/errors/500'} replace />;
  if (waiting || !shown || !user.data) return <FullPageLoader />;

  const to = decideRedirect(user.data, pathname, { projects: projects.data, lastProjectId: lastProject() });
  if (to && to !== pathname) return <Navigate to={to} replace />;
  return <Outlet />;
}
