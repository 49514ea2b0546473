import { REPORT_TOP_CREATORS, type ReportCreatorsDocument } from '../../../common/schemas/reports.js';
import type { Db } from '../../db/client.js';
import { savedCreatorsLeaderboard, twitchCreatorResource, youtubeCreatorResource } from '../creators/service.js';
import type { ReportListRow } from './repo.js';
import { storable } from './media.js';

/**
 * A report's top creators (issue 30 item 3): the creators feature's leaderboard over the report's
 * own saved streams (Twitch broadcasters by hours watched) and saved videos (YouTube channels by
 * current views), limited to the report's organization and project (an id deleted since, or never
 * the project's, counts nothing). At most REPORT_TOP_CREATORS of each platform, Twitch first;
 * `meta` gives each whole board's totals. The page decides whether to show it (`show_creators`).
 */
export async function reportCreatorsDocument(
  db: Db,
  report: Pick<ReportListRow, 'organizationId' | 'projectId' | 'videos' | 'savedStreams'>,
): Promise<ReportCreatorsDocument> {
  const { organizationId: orgId, projectId } = report;
  const streamIds = storable(report.savedStreams);
  const videoIds = storable(report.videos);
  const [twitch, youtube] = await Promise.all([
    streamIds.length ? savedCreatorsLeaderboard(db, orgId, projectId, { platform: 'twitch', savedIds: streamIds }) : null,
    videoIds.length ? savedCreatorsLeaderboard(db, orgId, projectId, { platform: 'youtube', savedIds: videoIds }) : null,
  ]);
  return {
    data: [
      ...(twitch?.rows ?? []).slice(0, REPORT_TOP_CREATORS).map(twitchCreatorResource),
      ...(youtube?.rows ?? []).slice(0, REPORT_TOP_CREATORS).map(youtubeCreatorResource),
    ],
    meta: {
      limit: REPORT_TOP_CREATORS,
      twitch: twitch?.totals ?? { creators: 0, hours_watched: 0, streams: 0 },
      youtube: youtube?.totals ?? { creators: 0, views: 0, videos: 0 },
    },
  };
}
