import { startTransition, useEffect, useState } from 'react';
import type { SteamSummaryAttributes, SteamSummaryDocument } from '../../../../common/schemas/steam';
import { apiFetch } from '../../../lib/api';
import { prefix } from './report-query';

/**
 * A report's Steam news and reviews over its own period (GET reports/{id}/steam, GET
 * p/reports/{id}/steam on the public page). Light like creators.ts (no TanStack Query): the
 * public report, an entry of its own, loads it in the lazy Steam section's chunk.
 */
export async function fetchReportSteam(id: string, isPublic: boolean, signal?: AbortSignal): Promise<SteamSummaryAttributes> {
  const doc = await apiFetch<SteamSummaryDocument>(`${prefix(isPublic)}reports/${encodeURIComponent(id)}/steam`, { public: isPublic, signal });
  const attributes = (doc as Partial<SteamSummaryDocument> | null)?.data?.attributes;
  // Something else than a summary (an older server, a proxy's page): the section shows nothing rather than waiting.
  if (!attributes || !Array.isArray(attributes.apps)) throw new Error('Not a Steam summary');
  return attributes;
}

/** Undefined while it loads (or when not asked for), null when the call failed. */
export type ReportSteamState = { loading: boolean; data: SteamSummaryAttributes | null | undefined };

/** The report's Steam summary, asked once per report while `enabled`; a failed call shows no section. */
export function useReportSteam(id: string, isPublic: boolean, enabled: boolean): ReportSteamState {
  const [state, setState] = useState<{ key: string; data: SteamSummaryAttributes | null } | null>(null);
  const key = `${isPublic ? 'p' : 'm'}:${id}`;
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    fetchReportSteam(id, isPublic, abort.signal).then(
      (data) => !abort.signal.aborted && startTransition(() => setState({ key, data })),
      () => !abort.signal.aborted && setState({ key, data: null }),
    );
    return () => abort.abort();
  }, [id, isPublic, enabled, key]);
  if (!enabled) return { loading: false, data: undefined };
  const data = state?.key === key ? state.data : undefined;
  return { loading: data === undefined, data };
}

/** Whether a summary has something for the report: an app followed. */
export const hasSteam = (s: SteamSummaryAttributes | null | undefined): s is SteamSummaryAttributes => !!s && s.apps.length > 0;
