import { sql } from 'drizzle-orm';
import { dayNumber } from '../../../common/period.js';
import type { OverviewHighlight, OverviewOutlet } from '../../../common/schemas/projects-overview.js';
import { OVERVIEW_HIGHLIGHTS, OVERVIEW_TOP } from '../../../common/schemas/projects-overview.js';
import type { Db, Tx } from '../../db/client.js';
import { estimatedViewsSql } from '../../db/media-sql.js';
import { privateScreenshotUrl } from '../screenshots/service.js';

/*
 * The overview's own reads (GET projects/{id}/overview): the project's feed alert, its press
 * figures, its top outlets and its latest saved coverage. Read-only over tables other features
 * write (alert_articles, articles, websites, saved_articles, screenshots); each query repeats the
 * organization so no path reaches another tenant's rows. Each figure is the total of the list the
 * overview links to, counted with that list's own rule (see the comments).
 */

const DAY_MS = 86_400_000;

/** [start, end) of a period of UTC days as instants. */
export function periodBounds(period: { from: string; to: string }): { start: string; end: string } {
  return { start: new Date(dayNumber(period.from) * DAY_MS).toISOString(), end: new Date((dayNumber(period.to) + 1) * DAY_MS).toISOString() };
}

export interface OverviewProject {
  id: number;
  /** The alert whose feed the press figures count: the project's `alert_id`, else its first alert. */
  alertId: number | null;
  competitors: { name: string; query: string }[];
}

/** The organization's project with its feed alert and competitors; undefined when it has no such project. */
export async function findOverviewProject(db: Db | Tx, orgId: number, projectId: number): Promise<OverviewProject | undefined> {
  const { rows } = await db.execute<{ id: number; alert_id: number | null; competitors: { name: string; query: string }[] }>(sql`
    select p.id, coalesce(
             (select al.id from alerts al where al.organization_id = ${orgId} and al.project_id = p.id and al.id = p.alert_id),
             (select min(al.id) from alerts al where al.organization_id = ${orgId} and al.project_id = p.id)
           ) as alert_id, p.competitors
      from projects p where p.organization_id = ${orgId} and p.id = ${projectId}`);
  const r = rows[0];
  if (!r) return undefined;
  return { id: Number(r.id), alertId: r.alert_id === null ? null : Number(r.alert_id), competitors: r.competitors ?? [] };
}

/**
 * The feed's visible rows in [start, end), as the articles feed's `startDate`/`endDate` select
 * them. The alert alone keys the feed's indexes (alert_id leads each one): the caller has checked
 * that the alert is the organization's (findOverviewProject).
 */
const feedRange = (alertId: number, b: { start: string; end: string }) =>
  sql`aa.alert_id = ${alertId} and aa.deleted_at is null and aa.pub_date >= ${b.start}::timestamptz and aa.pub_date < ${b.end}::timestamptz`;

/**
 * How the feed's rows in the period group into stories: `copies` rows carry a story id, of
 * `stories` distinct stories, `ownRows` rows without one are the first article of one of those
 * stories. With the placements: unique stories = count(distinct coalesce(story_id, article_id)) =
 * placements − copies + stories − ownRows. Read from alert_articles_story_idx, which holds only
 * the rows of stories with copies, in story order (no sort or hash of every row: 226 → 50 ms at
 * 100,000 matches), and a primary-key probe per story.
 */
export async function storyFigures(
  db: Db | Tx,
  alertId: number,
  b: { start: string; end: string },
): Promise<{ copies: number; stories: number; ownRows: number }> {
  const { rows } = await db.execute<{ copies: number; stories: number; own: number }>(sql`
    with c as materialized (select aa.story_id from alert_articles aa where ${feedRange(alertId, b)} and aa.story_id is not null),
         s as materialized (select distinct story_id from c)
    select (select count(*) from c)::int as copies, (select count(*) from s)::int as stories,
           (select count(*) from s join alert_articles x on x.alert_id = ${alertId} and x.article_id = s.story_id
             where x.story_id is null and x.deleted_at is null and x.pub_date >= ${b.start}::timestamptz and x.pub_date < ${b.end}::timestamptz)::int as own`);
  return { copies: Number(rows[0].copies), stories: Number(rows[0].stories), ownRows: Number(rows[0].own) };
}

export interface OutletFigures {
  /** The feed's rows in the period (the articles feed's total with `startDate`/`endDate`). */
  placements: number;
  /** Σ over the placements of their outlet's monthly visitors, and of the views estimated from them. */
  potentialReach: number;
  estimatedViews: number;
  /** Placements whose outlet's visitors are unknown. */
  unknownVisitors: number;
  top: OverviewOutlet[];
}

/**
 * The feed's matches in the period by outlet (the feed's `media` column: the website's domain,
 * else the article's host), with the website of that domain: their number (the placements), the
 * outlets with the most of them (ties alphabetically), and the visitors and estimated views of
 * every placement. An archive
 * article carries its website's visitors (the traffic refresh rescores its articles in the same
 * commit: reach/traffic.ts) and the views the formula gives for them (server/db/media-sql.ts), so
 * the feed's rows show these figures; counted per outlet, the sums need one index-only scan of
 * alert_articles_media_idx and no read of the archive (a join of 100,000 rows to it: ~700 ms).
 */
export async function outletFigures(db: Db | Tx, alertId: number, b: { start: string; end: string }): Promise<OutletFigures> {
  const views = estimatedViewsSql(sql`j.muv`);
  const { rows } = await db.execute<{
    total: boolean;
    media: string | null;
    n: number;
    website_id: number | null;
    score: number | null;
    muv: number | null;
    reach: number;
    views: number;
    unknown: number;
  }>(sql`
    with m as (select aa.media, count(*)::int as n from alert_articles aa where ${feedRange(alertId, b)} group by aa.media),
         j as (select m.media, m.n, w.id as website_id, w.reach as score, w.muv from m left join websites w on w.domain = m.media)
    select true as total, null as media, coalesce(sum(j.n), 0)::int as n, null::int as website_id, null::real as score, null::bigint as muv,
           coalesce(sum(j.n * j.muv), 0)::float8 as reach, coalesce(sum(j.n * ${views}), 0)::float8 as views,
           coalesce(sum(j.n) filter (where j.muv is null), 0)::int as unknown
      from j
    union all
    (select false, j.media, j.n, j.website_id, j.score, j.muv, 0, 0, 0 from j order by j.n desc, j.media limit ${OVERVIEW_TOP})`);
  const total = rows.find((r) => r.total)!;
  return {
    placements: Number(total.n),
    potentialReach: Number(total.reach),
    estimatedViews: Number(total.views),
    unknownVisitors: Number(total.unknown),
    top: rows
      .filter((r) => !r.total)
      .map((r) => ({
        media: r.media ?? '',
        placements: Number(r.n),
        website_id: r.website_id === null ? null : String(r.website_id),
        score: r.score === null ? null : Number(r.score),
        muv: r.muv === null ? null : Number(r.muv),
      })),
  };
}

/**
 * The project's saved coverage dated in the period, as GET articles with `filter[date_range]`
 * selects it (not archived), and the newest few with their screenshot when one is ready (the
 * address the screenshots feature serves it at).
 */
export async function latestHighlights(
  db: Db | Tx,
  orgId: number,
  projectId: number,
  b: { start: string; end: string },
): Promise<{ total: number; latest: OverviewHighlight[] }> {
  const where = sql`sa.organization_id = ${orgId} and sa.project_id = ${projectId} and not sa.locked
                    and sa.date >= ${b.start}::timestamptz and sa.date < ${b.end}::timestamptz`;
  const [total, latest] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from saved_articles sa where ${where}`),
    db.execute<{
      id: number;
      title: string;
      full_url: string;
      url: string;
      date: string;
      image: string | null;
      tag: string;
      media: string;
      shot_at: string | null;
    }>(sql`
      select sa.id, sa.title, sa.full_url, sa.url, sa.date, sa.image, t.name as tag,
             regexp_replace(regexp_replace(sa.url, '^[a-z]+://(www\\.)?', ''), '[/:?#].*$', '') as media,
             (select s.updated_at from screenshots s
               where s.organization_id = ${orgId} and s.saved_article_id = sa.id and s.status = 'ready' and s.image_key is not null) as shot_at
        from saved_articles sa join tags t on t.id = sa.tag_id
       where ${where} order by sa.date desc, sa.id limit ${OVERVIEW_HIGHLIGHTS}`),
  ]);
  return {
    total: Number(total.rows[0].n),
    latest: latest.rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      url: r.full_url || r.url,
      media: r.media,
      date: new Date(r.date).toISOString(),
      image: r.image,
      tag: r.tag,
      screenshot_url: r.shot_at === null ? null : privateScreenshotUrl(Number(r.id), new Date(r.shot_at).getTime()),
    })),
  };
}
