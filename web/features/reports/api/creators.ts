import { startTransition, useEffect, useState } from 'react';
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
export type ReportCreatorsState = { loading: boolean; data: ReportCreators | null | undefined };

/**
 * The report's top creators for its page, asked once per report while `enabled`. A plain effect,
 * not a TanStack query: the public report is an entry of its own without Query (report-fetch.ts).
 * A failed call shows no section, as a failed list shows empty on the public page.
 */
export function useReportCreators(id: string, isPublic: boolean, enabled: boolean): ReportCreatorsState {
  const [state, setState] = useState<{ key: string; data: ReportCreators | null } | null>(null);
  const key = `${isPublic ? 'p' : 'm'}:${id}`;
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    fetchReportCreators(id, isPublic, abort.signal).then(
      (data) => !abort.signal.aborted && startTransition(() => setState({ key, data })),
      () => !abort.signal.aborted && setState({ key, data: null }),
    );
    return () => abort.abort();
  }, [id, isPublic, enabled, key]);
  if (!enabled) return { loading: false, data: undefined };
  const data = state?.key === key ? state.data : undefined;
  return { loading: data === undefined, data };
}
