/**
 * What the entry asks of TanStack Query without loading it: Query is in the chunks of the pages
 * that keep data (the workspace, the sign-up, the report), not in the entry, so that a page
 * without a session (the login page) does not download it. The entry starts the requests a first
 * screen needs before Query is there (`startEarly`), and Query takes them over as it loads
 * (query-root.tsx); a session that ends clears Query's cache if it was loaded (`clearQueryCache`).
 */

/** A request started by the entry, handed to Query's cache under `queryKey` once Query is loaded. */
export interface EarlyQuery {
  queryKey: readonly unknown[];
  promise: Promise<unknown>;
  /** The freshness the query's own hook gives it, so that the hook does not ask again at once. */
  staleTime: number;
}

const early: EarlyQuery[] = [];
let take: ((query: EarlyQuery) => void) | null = null;
let clearCache: (() => void) | null = null;

/**
 * Starts `fetcher` now; Query's cache takes the answer (or the failure, then asks again) under
 * `queryKey` — as it loads, or at once when it is already loaded (a request started once an
 * earlier one answered). Returns the request.
 */
export function startEarly<T>(queryKey: readonly unknown[], fetcher: () => Promise<T>, staleTime: number): Promise<T> {
  const promise = fetcher();
  // Query reports a failure when it takes the request over; until then nothing is unhandled.
  promise.catch(() => {});
  const query = { queryKey, promise, staleTime };
  if (take) take(query);
  else early.push(query);
  return promise;
}

/** Called by query-root.tsx once the client exists: the requests started early go to `to`, now and from then on (each once). */
export function takeEarly(to: (query: EarlyQuery) => void) {
  take = to;
  for (const query of early.splice(0)) to(query);
}

/** Called by query-root.tsx once the client exists: how to empty its cache. */
export function onClearQueryCache(clear: () => void) {
  clearCache = clear;
}

/** Forgets every cached answer (the session ended or changed); nothing to do while Query is not loaded. */
export function clearQueryCache() {
  early.length = 0;
  clearCache?.();
}
