import { useReportPart, type ReportPartState } from './use-report-part';
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
export type ReportSteamState = ReportPartState<SteamSummaryAttributes>;

/** The report's Steam summary, asked once per report while `enabled` (use-report-part.ts); a failed call shows no section. */
export function useReportSteam(id: string, isPublic: boolean, enabled: boolean): ReportSteamState {
  return useReportPart(`steam:${isPublic ? 'p' : 'm'}:${id}`, enabled, (signal) => fetchReportSteam(id, isPublic, signal));
}

/** Whether a summary has something for the report: an app followed. */
export const hasSteam = (s: SteamSummaryAttributes | null | undefined): s is SteamSummaryAttributes => !!s && s.apps.length > 0;
