import { useReportPart, type ReportPartState } from './use-report-part';
import type { CreatorAttributes, TwitchCreatorAttributes, YoutubeCreatorAttributes } from '../../../../common/schemas/creators';
import type { ReportCreatorsDocument, ReportCreatorsMeta } from '../../../../common/schemas/reports';
import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { prefix } from './report-query';

/**
 * A report's top creators (GET reports/{id}/creators, GET p/reports/{id}/creators on the public
 * page): the channels behind its saved streams and videos, at most ten of each platform. Light on
 * purpose (no TanStack Query, no toasts): the report view, and so the public page, imports it.
 */

export type ReportTwitchCreator = TwitchCreatorAttributes & { id: string };
export type ReportYoutubeCreator = YoutubeCreatorAttributes & { id: string };

export interface ReportCreators {
  twitch: ReportTwitchCreator[];
  youtube: ReportYoutubeCreator[];
  /** Each platform's whole board (how many creators the report has, not only the ten shown). */
  meta: ReportCreatorsMeta;
}

/** The report's top creators, Twitch's and YouTube's apart. */
export async function fetchReportCreators(id: string, isPublic: boolean, signal?: AbortSignal): Promise<ReportCreators> {
  const doc = await apiFetch<ReportCreatorsDocument>(`${prefix(isPublic)}reports/${encodeURIComponent(id)}/creators`, { public: isPublic, signal });
  const rows = (doc.data ?? []).map((r) => flatten(r as JsonApiResource<CreatorAttributes>));
  return {
    twitch: rows.filter((r): r is ReportTwitchCreator => r.platform === 'twitch'),
    youtube: rows.filter((r): r is ReportYoutubeCreator => r.platform === 'youtube'),
    meta: doc.meta,
  };
}

/** What the report page knows of its creators: undefined while they load (or when not asked for), null when the call failed. */
export type ReportCreatorsState = ReportPartState<ReportCreators>;

/** The report's top creators for its page, asked once per report while `enabled` (use-report-part.ts). */
export function useReportCreators(id: string, isPublic: boolean, enabled: boolean): ReportCreatorsState {
  return useReportPart(`creators:${isPublic ? 'p' : 'm'}:${id}`, enabled, (signal) => fetchReportCreators(id, isPublic, signal));
}
