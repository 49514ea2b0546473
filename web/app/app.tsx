import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { onUnauthorized, tokenStore } from '../lib/api';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const router = createAppRouter();

export function App() {
  // Any call answering 401 ends the session: forget the token and go to /welcome.
  useEffect(() => {
    const off = onUnauthorized(() => {
      tokenStore.clear();
      queryClient.clear();
      void router.navigate('/welcome', { replace: true });
    });
    return () => {
      off();
    };
  }, []);
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
