import { allows, planLimit, type Subject } from '../../../common/policy.js';
import type { OverviewAttributes } from '../../../common/schemas/projects-overview.js';
import { OVERVIEW_TOP } from '../../../common/schemas/projects-overview.js';
import { earliestSearchDate, utcDay } from '../../../common/schemas/supersearch.js';
import type { Db } from '../../db/client.js';
import { projectHasFeed, twitchCreatorAttributes, twitchLeaderboard, youtubeCreatorAttributes, youtubeLeaderboard } from '../creators/service.js';
import { toSearchFilter, type SearchEngine } from '../supersearch/service.js';
import { findOverviewProject, latestHighlights, outletFigures, periodBounds, storyFigures } from './figures.js';

export interface OverviewDeps {
  db: Db;
  /** Super Search's engine (its per-month counts, cached), for the competitors' totals. */
  search: SearchEngine;
}

/**
 * Every figure of a project's overview over a period of UTC days (GET projects/{id}/overview),
 * read at once; null when the organization has no such project. What the caller's plan hides
 * stays out as its list hides it: the visitors without `feed.umv` (null), YouTube and Twitch
 * without `youtube.use` / `twitch.use` (null), the competitors' counts without Super Search's
 * competitor comparison (null counts, `available: false`).
 */
export async function projectOverview(
  deps: OverviewDeps,
  auth: Subject,
  orgId: number,
  projectId: number,
  period: { from: string; to: string },
): Promise<OverviewAttributes | null> {
  const { db } = deps;
  const project = await findOverviewProject(db, orgId, projectId);
  if (!project) return null;
  const b = periodBounds(period);
  const umv = allows(auth, 'feed.umv');
  const scope = { period };
  const top = { sort: 'views' as const, desc: true, page: { number: 1, size: OVERVIEW_TOP } };
  const alertId = project.alertId;

  const [stories, outlets, highlights, youtube, twitch, share] = await Promise.all([
    alertId === null ? null : storyFigures(db, alertId, b),
    alertId === null ? null : outletFigures(db, alertId, b),
    latestHighlights(db, orgId, projectId, b),
    allows(auth, 'youtube.use') ? Promise.all([youtubeLeaderboard(db, orgId, projectId, scope, top), projectHasFeed(db, orgId, projectId, 'youtube')]) : null,
    allows(auth, 'twitch.use')
      ? Promise.all([twitchLeaderboard(db, orgId, projectId, scope, { ...top, sort: 'hours_watched' }), projectHasFeed(db, orgId, projectId, 'twitch')])
      : null,
    // On Super Search's own connections, alongside.
    shareOfVoice(deps, auth, project.competitors, period),
  ]);
  const placements = outlets?.placements ?? 0;
  const uniqueStories = stories ? placements - stories.copies + stories.stories - stories.ownRows : 0;

  return {
    period,
    alert_id: alertId === null ? null : String(alertId),
    press: { placements, unique_stories: uniqueStories },
    reach: umv
      ? { potential_reach: outlets?.potentialReach ?? 0, estimated_views: outlets?.estimatedViews ?? 0, unknown_visitors: outlets?.unknownVisitors ?? 0 }
      : null,
    youtube: youtube && {
      views: youtube[0].totals.views ?? 0,
      videos: youtube[0].totals.videos ?? 0,
      creators: youtube[0].totals.creators,
      has_feed: youtube[1],
      top: youtube[0].rows.map(youtubeCreatorAttributes),
    },
    twitch: twitch && {
      hours_watched: twitch[0].totals.hours_watched ?? 0,
      streams: twitch[0].totals.streams ?? 0,
      creators: twitch[0].totals.creators,
      has_feed: twitch[1],
      top: twitch[0].rows.map(twitchCreatorAttributes),
    },
    share_of_voice: { ...share, own: placements },
    // The outlets' visitors are hidden with the plan's (as the feed hides them).
    top_outlets: (outlets?.top ?? []).map((o) => (umv ? o : { ...o, muv: null })),
    highlights,
  };
}

/**
 * Each competitor's Super Search total over the period — the volume call's total for the query
 * alone (no language or score filter), from the first day the plan lets Super Search reach. A
 * count that fails or runs past Super Search's time limit is null; the rest of the overview stands.
 */
async function shareOfVoice(deps: OverviewDeps, auth: Subject, competitors: { name: string; query: string }[], period: { from: string; to: string }) {
  const earliest = earliestSearchDate(planLimit(auth, 'max_data'), utcDay());
  const from = period.from < earliest ? earliest : period.from;
  const available = allows(auth, 'supersearch.use') && allows(auth, 'supersearch.competitors');
  const counts = await Promise.all(
    competitors.map(async (c) => {
      if (!available) return null;
      if (from > period.to) return 0;
      try {
        const f = toSearchFilter({ search: c.query, from_date: from, to_date: period.to, languages: [], media_score: { min: null, max: null } });
        let n = 0;
        for (const v of (await deps.search.countByDay(f)).values()) n += v;
        return n;
      } catch {
        return null;
      }
    }),
  );
  return { available, search_from: from, competitors: competitors.map((c, i) => ({ name: c.name, query: c.query, count: counts[i] })) };
}
