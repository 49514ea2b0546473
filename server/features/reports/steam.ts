import { dayOf } from '../../../common/dates.js';
import type { SteamSummaryDocument } from '../../../common/schemas/steam.js';
import type { Db } from '../../db/client.js';
import { projectSteamSummary } from '../steam/service.js';
import type { ReportListRow } from './repo.js';

/**
 * A report's Steam section (issue 31 item 2): the Steam summary of its project's apps over the
 * report's own period (date_start..date_end) — the developer's announcements and each day's
 * reviews. The page decides whether to show it (`show_steam`, and whether the project follows any app).
 */
export async function reportSteamDocument(
  db: Db,
  report: Pick<ReportListRow, 'id' | 'organizationId' | 'projectId' | 'dateStart' | 'dateEnd'>,
): Promise<SteamSummaryDocument> {
  const attributes = await projectSteamSummary(db, report.organizationId, report.projectId, { from: dayOf(report.dateStart), to: dayOf(report.dateEnd) });
  return { data: { type: 'steam-summary', id: String(report.id), attributes } };
}
