import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { onUnauthorized, tokenStore } from '../lib/api';
import { fetchAllProjects, projectsAllKey } from '../lib/all-projects';
import { fetchCurrentUser, userQueryKey } from '../lib/current-user';
import { Providers } from './providers';
import { clearQueryCache, startEarly } from './query-bridge';
import { AppRoutes, isWorkspacePath } from './router';

// A workspace screen opened first asks for the user and the projects at once, while its chunks
// load: RequireSession would ask only once its own chunk is in, and the projects after the user.
// TanStack Query is in those chunks, not here: it takes the two requests over as it loads, under
// the keys and with the freshness of useCurrentUser and useAllProjects, which then find them there.
if (tokenStore.get() !== null && isWorkspacePath(window.location.pathname)) {
  startEarly(userQueryKey, fetchCurrentUser, 60_000);
  startEarly(projectsAllKey, fetchAllProjects, 30_000);
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
