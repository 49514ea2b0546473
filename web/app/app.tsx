import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, matchPath, useNavigate } from 'react-router';
import { reportQuery } from '../features/reports/api/report-query';
import { onUnauthorized, tokenStore } from '../lib/api';
import { fetchCurrentUser, userQueryKey } from '../lib/session';
import { fetchAllProjects, projectsAllKey } from '../lib/workspace';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes, isWorkspacePath } from './router';

const queryClient = createQueryClient();

// A workspace screen opened first asks for the user and the projects at once, while its chunks
// load: RequireSession would ask only once its own chunk is in, and the projects after the user.
// (Same keys and freshness as useCurrentUser and useAllProjects, which then find them there.)
if (tokenStore.get() !== null && isWorkspacePath(window.location.pathname)) {
  void queryClient.prefetchQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, staleTime: 60_000 });
  void queryClient.prefetchQuery({ queryKey: projectsAllKey, queryFn: fetchAllProjects, staleTime: 30_000 });
}
// Likewise a shared report asks for itself while the page's chunks load.
const sharedReport = matchPath('/p/r/:reportId', window.location.pathname)?.params.reportId;
if (sharedReport) void queryClient.prefetchQuery(reportQuery(sharedReport, true));

/** Any call answering 401 ends the session: forget the token and go to /welcome. */
function EndSessionOnUnauthorized({ client }: { client: QueryClient }) {
  const navigate = useNavigate();
  useEffect(() => {
    const off = onUnauthorized(() => {
      tokenStore.clear();
      client.clear();
      void navigate('/welcome', { replace: true });
    });
    return () => {
      off();
    };
  }, [client, navigate]);
  return null;
}

export function App() {
  return (
    <Providers client={queryClient}>
      <BrowserRouter>
        <EndSessionOnUnauthorized client={queryClient} />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
