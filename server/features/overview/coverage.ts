import { sql } from 'drizzle-orm';
import { dayNumber, dayText } from '../../../common/period.js';
import type { CoverageAttributes, CoverageSource } from '../../../common/schemas/coverage.js';
import type { Db, Tx } from '../../db/client.js';

const DAY_MS = 86_400_000;

/**
 * A project's coverage over time by source (GET projects/{id}/coverage): per UTC day of [from, to],
 * the distinct articles its alerts matched (not deleted from the feed) by publication day — found
 * in the crawled feeds or a game's Steam news (`press`), or through GDELT (`gdelt`) — the videos of
 * its YouTube feed by publication day and the streams of its Twitch feed by the day they started
 * (not deleted). Null when the organization has no such project. Reads tables it does not write.
 */
export async function projectCoverage(db: Db | Tx, orgId: number, projectId: number, period: { from: string; to: string }): Promise<CoverageAttributes | null> {
  const start = new Date(dayNumber(period.from) * DAY_MS).toISOString();
  const end = new Date((dayNumber(period.to) + 1) * DAY_MS).toISOString();
  const { rows: found } = await db.execute<{ alerts: number; youtube: boolean; twitch: boolean }>(sql`
    select (select count(*) from alerts al where al.organization_id = ${orgId} and al.project_id = ${projectId})::int as alerts,
           exists (select 1 from youtube_feeds f where f.organization_id = ${orgId} and f.project_id = ${projectId}) as youtube,
           exists (select 1 from twitch_feeds f where f.organization_id = ${orgId} and f.project_id = ${projectId}) as twitch
      from projects p where p.organization_id = ${orgId} and p.id = ${projectId}`);
  if (!found.length) return null;
  const { rows } = await db.execute<{ day: string; source: CoverageSource; n: number }>(sql`
    select day, source, count(*)::int as n from (
      select distinct on (aa.article_id) to_char(aa.pub_date at time zone 'UTC', 'YYYY-MM-DD') as day,
             case when aa.matched_by = 'gdelt' then 'gdelt' else 'press' end as source
        from alert_articles aa join alerts al on al.id = aa.alert_id
       where al.organization_id = ${orgId} and al.project_id = ${projectId} and aa.organization_id = ${orgId}
         and aa.deleted_at is null and aa.pub_date >= ${start}::timestamptz and aa.pub_date < ${end}::timestamptz
       order by aa.article_id, (aa.matched_by = 'gdelt')
    ) press group by day, source
    union all
    select to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD'), 'youtube', count(*)::int
      from youtube_feeds f join youtube_feed_videos fv on fv.feed_id = f.id and fv.status <> 'deleted' join youtube_videos v on v.id = fv.video_id
     where f.organization_id = ${orgId} and f.project_id = ${projectId}
       and v.published_at >= ${start}::timestamptz and v.published_at < ${end}::timestamptz
     group by 1
    union all
    select to_char(i.published_at at time zone 'UTC', 'YYYY-MM-DD'), 'twitch', count(*)::int
      from twitch_feeds f join twitch_feed_items fi on fi.feed_id = f.id and fi.status <> 'deleted' join twitch_items i on i.id = fi.item_id
     where f.organization_id = ${orgId} and f.project_id = ${projectId} and i.kind = 'stream'
       and i.published_at >= ${start}::timestamptz and i.published_at < ${end}::timestamptz
     group by 1`);
  const byDay = new Map<string, Record<CoverageSource, number>>();
  for (const r of rows) {
    const d = byDay.get(r.day) ?? { press: 0, gdelt: 0, youtube: 0, twitch: 0 };
    d[r.source] += Number(r.n);
    byDay.set(r.day, d);
  }
  const totals = { press: 0, gdelt: 0, youtube: 0, twitch: 0 };
  const days = [];
  for (let n = dayNumber(period.from); n <= dayNumber(period.to); n++) {
    const day = dayText(n);
    const d = byDay.get(day) ?? { press: 0, gdelt: 0, youtube: 0, twitch: 0 };
    for (const k of Object.keys(totals) as CoverageSource[]) totals[k] += d[k];
    days.push({ day, ...d });
  }
  const f = found[0];
  const sources: CoverageSource[] = [];
  if (Number(f.alerts) > 0) sources.push('press');
  if (Number(f.alerts) > 0 && (totals.gdelt > 0 || (await gdeltSearches(db, orgId, projectId)))) sources.push('gdelt');
  if (f.youtube) sources.push('youtube');
  if (f.twitch) sources.push('twitch');
  return { period, days, totals, sources };
}

/** Whether GDELT searches some alert of the project (its translation has a query). */
async function gdeltSearches(db: Db | Tx, orgId: number, projectId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from gdelt_alerts g join alerts al on al.id = g.alert_id
     where al.organization_id = ${orgId} and al.project_id = ${projectId} and g.query_id is not null limit 1`);
  return rows.length > 0;
}
