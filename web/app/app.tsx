import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { onUnauthorized, tokenStore } from '../lib/api';
import { fetchAllProjects, projectsAllKey } from '../lib/all-projects';
import { fetchCurrentUser, userQueryKey } from '../lib/current-user';
import { sourcePacksKey, sourcePacksQuery } from '../features/sources/api/source-packs-query';
import { Providers } from './providers';
import { clearQueryCache, startEarly } from './query-bridge';
import { AppRoutes, isWorkspacePath } from './router';

// A workspace screen opened first asks for the user and the projects at once, while its chunks
// load: RequireSession would ask only once its own chunk is in, and the projects after the user.
// TanStack Query is in those chunks, not here: it takes the two requests over as it loads, under
// the keys and with the freshness of useCurrentUser and useAllProjects, which then find them there.
if (tokenStore.get() !== null && isWorkspacePath(window.location.pathname)) {
  const user = startEarly(userQueryKey, fetchCurrentUser, 60_000);
  const projects = startEarly(projectsAllKey, fetchAllProjects, 30_000);
  // The gate waits for the source packs when the user is one of the operator's admins
  // (RequireSession): asked for as soon as the user is known, not once the gate's chunk is in.
  void user.then(
    (u) => {
      if (u.status === 'OK' && u.organization && u.meta?.abilities?.['operator.console']?.allowed === true)
        startEarly(sourcePacksKey, sourcePacksQuery(true).queryFn, 30_000);
    },
    () => {},
  );
  // The articles feed's alert, alerts and first page, as soon as the projects say which alert it
  // lists (not once the gate, the layout and the feed have rendered); the feed finds them under its
  // keys. The few lines that know them are a chunk of their own, fetched beside the user: the
  // entry of every page (the login page's too) does not carry them.
  if (window.location.pathname.startsWith('/articles-feed/'))
    void Promise.all([user, projects, import('../features/articles/api/feed-first-page')]).then(
      ([u, list, { firstFeedRequests }]) => {
        if (u.status !== 'OK' || !u.organization) return;
        for (const r of firstFeedRequests(window.location, list)) startEarly(r.queryKey, r.fetch, r.staleTime);
      },
      () => {},
    );
}

/** Any call answering 401 ends the session: forget the token and what was cached, and go to /welcome. */
function EndSessionOnUnauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    const off = onUnauthorized(() => {
      tokenStore.clear();
      clearQueryCache();
      void navigate('/welcome', { replace: true });
    });
    return () => {
      off();
    };
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <EndSessionOnUnauthorized />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
