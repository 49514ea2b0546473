import { startTransition, useEffect, useState } from 'react';

/** What a report page knows of one of its parts: undefined while it loads (or when not asked for), null when the call failed. */
export type ReportPartState<T> = { loading: boolean; data: T | null | undefined };

/**
 * A part of a report's page asked once per report (and per public or signed-in call) while
 * `enabled`: its top creators, its Steam section. A plain effect, not a TanStack query: the public
 * report is an entry of its own without Query (report-fetch.ts). The answer arrives as a
 * transition (it is drawn below the first screen); a failed call shows no section, as a failed
 * list shows empty on the public page.
 */
export function useReportPart<T>(key: string, enabled: boolean, load: (signal: AbortSignal) => Promise<T>): ReportPartState<T> {
  const [state, setState] = useState<{ key: string; data: T | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    load(abort.signal).then(
      (data) => !abort.signal.aborted && startTransition(() => setState({ key, data })),
      () => !abort.signal.aborted && setState({ key, data: null }),
    );
    return () => abort.abort();
    // `load` is the caller's closure over `key`'s parts: the key alone says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  if (!enabled) return { loading: false, data: undefined };
  const data = state?.key === key ? state.data : undefined;
  return { loading: data === undefined, data };
}
