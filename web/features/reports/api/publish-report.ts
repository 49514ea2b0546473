import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { reportDocument, type NewReport } from './reports';
import type { Report, ReportAttributes } from './types';

/**
 * A new report and whether its page shows the "Top creators" section (GET reports/{id}/creators)
 * and the project's Steam news and reviews (GET reports/{id}/steam).
 */
export type NewReportWithCreators = NewReport & { show_creators: boolean; show_steam: boolean };

/** POST reports: reports.ts's document (published with status 0) with `show_creators` and `show_steam` — the wizard's publish. */
export async function publishReport(r: NewReportWithCreators): Promise<Report> {
  const doc = reportDocument(r);
  const body = { data: { ...doc.data, attributes: { ...doc.data.attributes, show_creators: r.show_creators, show_steam: r.show_steam } } };
  return flatten((await apiFetch<{ data: JsonApiResource<ReportAttributes> }>('reports', { method: 'POST', body })).data);
}
