import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { onClearQueryCache, takeEarly } from './query-bridge';
import { createQueryClient } from './query-client';

/** The app's one query client: created when the first page that keeps data loads this chunk. */
const client = createQueryClient();
onClearQueryCache(() => client.clear());
// The requests the entry started (query-bridge.ts), before this chunk was in or since, land in the cache under their keys.
takeEarly(({ queryKey, promise, staleTime }) => void client.prefetchQuery({ queryKey, queryFn: () => promise, staleTime }));

/**
 * TanStack Query around a page that keeps data (router.tsx wraps them in it as it loads them):
 * the workspace, and the pages outside it that ask the API through Query. Every page shares the
 * one client, so that moving between them keeps the cache.
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
