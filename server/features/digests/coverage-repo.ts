import { sql, type SQL } from 'drizzle-orm';
import { ROLE } from '../../../common/limits.js';
import type { Tx } from '../../db/client.js';

/*
 * The digest's reads. They join other features' tables read-only — projects, memberships, users,
 * alerts and alert_articles, articles and websites, the YouTube and Twitch feeds and their items —
 * which architecture.md allows ("reads may join other features' tables"); the only table this
 * feature writes is notification_subscriptions (service.ts).
 */

/** How many items of each kind a digest lists (the rest are counted: "and N more"). */
export const DIGEST_TOP = { articles: 10, videos: 5, streams: 5 } as const;

/** A subscription that is due, locked for this transaction, with what its e-mail needs. */
export interface DueSubscription {
  id: number;
  organizationId: number;
  projectId: number;
  userId: number;
  frequency: string;
  unsubscribeToken: string;
  coveredUntil: Date;
  email: string;
  userName: string;
  projectName: string;
  organizationName: string;
}

export interface DigestItem {
  title: string;
  description: string;
  url: string | null;
  date: Date;
  /** Where it appeared: the website's name or domain, the YouTube channel, the Twitch broadcaster. */
  outlet: string;
  /** What ranks it: the media score of an article, the views of a video or stream. */
  score: number | null;
  /** The feed's query, to find the matched words in the title and description. */
  query: string | null;
}

export interface DigestSection {
  items: DigestItem[];
  /** All new items of this kind, listed or not. */
  total: number;
}

/**
 * Which subscriptions are due at `upper`: instant ones whenever their watermark is behind, daily
 * ones when their watermark is before the latest daily send time. Only active subscriptions of
 * members who still belong to the organization (not kicked), for projects that are not archived,
 * of organizations whose workspace is open: a closed one (trial over, subscription ended) reads
 * nothing until it upgrades (requireActiveOrg), so its coverage is not mailed either; the
 * watermark waits, and the next digest after the upgrade is capped like any other.
 */
function dueCondition(upper: Date, dailyCutoff: Date): SQL {
  return sql`s.status
    and p.locked = false
    and m.role_id in (${ROLE.admin}, ${ROLE.user})
    and (coalesce((o.capabilities->>'platform_operator')::boolean, false)
         or (o.subscription_status <> 'expired'
             and not (o.plan = 'trial' and o.trial_ends_at is not null and o.trial_ends_at < ${upper.toISOString()}::timestamptz)))
    and s.covered_until < ${upper.toISOString()}::timestamptz
    and (s.frequency = 'instant' or (s.frequency = 'daily' and s.covered_until < ${dailyCutoff.toISOString()}::timestamptz))`;
}

const dueFrom = sql`notification_subscriptions s
  join projects p on p.id = s.project_id and p.organization_id = s.organization_id
  join memberships m on m.organization_id = s.organization_id and m.user_id = s.user_id
  join organizations o on o.id = s.organization_id`;

/** The ids of the subscriptions due at `upper`, oldest watermark first. */
export async function listDueSubscriptionIds(db: Tx, upper: Date, dailyCutoff: Date, limit: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    select s.id from ${dueFrom}
    where ${dueCondition(upper, dailyCutoff)}
    order by s.covered_until, s.id
    limit ${limit}`);
  return res.rows.map((r) => Number(r.id));
}

/**
 * Locks one subscription if it is still due (`for update skip locked`): a second worker skips a
 * row being mailed, and once the first commits its watermark has moved, so the row is no longer
 * due. This is what makes a digest go out once.
 */
export async function lockDueSubscription(tx: Tx, id: number, upper: Date, dailyCutoff: Date): Promise<DueSubscription | undefined> {
  const res = await tx.execute<Record<string, unknown>>(sql`
    select s.id, s.organization_id, s.project_id, s.user_id, s.frequency, s.unsubscribe_token, s.covered_until,
           u.email, u.name as user_name, p.name as project_name, o.name as organization_name
    from ${dueFrom}
    join users u on u.id = s.user_id
    where s.id = ${id} and ${dueCondition(upper, dailyCutoff)}
    for update of s skip locked`);
  const r = res.rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    projectId: Number(r.project_id),
    userId: Number(r.user_id),
    frequency: String(r.frequency),
    unsubscribeToken: String(r.unsubscribe_token),
    coveredUntil: new Date(r.covered_until as string),
    email: String(r.email),
    userName: String(r.user_name ?? ''),
    projectName: String(r.project_name),
    organizationName: String(r.organization_name),
  };
}

type Row = {
  title: string;
  description: string | null;
  url: string | null;
  date: string | Date;
  outlet: string | null;
  score: number | null;
  query: string | null;
  total: number;
};

function toSection(rows: Row[]): DigestSection {
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      title: r.title,
      description: r.description ?? '',
      url: r.url,
      date: new Date(r.date),
      outlet: r.outlet ?? '',
      score: r.score == null ? null : Number(r.score),
      query: r.query,
    })),
  };
}

/**
 * The project's coverage that arrived in (from, to]: articles by when they entered one of the
 * project's alert feeds (not their publication date, so a late-found old article is still news)
 * — an article two alerts matched counts once, with the query that matched it first — videos and
 * streams by when they entered the project's feed. Each kind ranked by score, the top few listed.
 */
export async function collectCoverage(
  tx: Tx,
  sub: DueSubscription,
  from: Date,
  to: Date,
): Promise<{ articles: DigestSection; videos: DigestSection; streams: DigestSection }> {
  const org = sub.organizationId;
  const lo = from.toISOString();
  const hi = to.toISOString();
  const articles = await tx.execute<Row>(sql`
    select title, description, url, date, outlet, score, query, count(*) over () as total
    from (
      select distinct on (aa.article_id)
             a.title, a.description, a.url, a.pub_date as date, coalesce(nullif(w.name, ''), nullif(aa.media, ''), w.domain) as outlet,
             aa.reach as score, al.keywords as query, aa.article_id
      from alerts al
      join alert_articles aa on aa.alert_id = al.id and aa.organization_id = al.organization_id
      join articles a on a.id = aa.article_id and a.pub_date = aa.pub_date
      left join websites w on w.id = a.website_id
      where al.project_id = ${sub.projectId} and al.organization_id = ${org} and aa.deleted_at is null
        and aa.matched_at > ${lo}::timestamptz and aa.matched_at <= ${hi}::timestamptz
      order by aa.article_id, aa.matched_at, al.id
    ) matched
    order by score desc, date desc, article_id desc
    limit ${DIGEST_TOP.articles}`);
  const videos = await tx.execute<Row>(sql`
    select v.title, v.description, 'https://www.youtube.com/watch?v=' || v.video_id as url, v.published_at as date,
           c.title as outlet, v.views as score, f.keyword as query, count(*) over () as total
    from youtube_feeds f
    join youtube_feed_videos fv on fv.feed_id = f.id and fv.organization_id = f.organization_id
    join youtube_videos v on v.id = fv.video_id
    left join youtube_channels c on c.id = v.channel_id
    where f.project_id = ${sub.projectId} and f.organization_id = ${org} and fv.status <> 'deleted'
      and fv.inserted_at > ${lo}::timestamptz and fv.inserted_at <= ${hi}::timestamptz
    order by v.views desc nulls last, v.published_at desc, v.id desc
    limit ${DIGEST_TOP.videos}`);
  const streams = await tx.execute<Row>(sql`
    select i.title, i.description, i.url, i.published_at as date, coalesce(nullif(ch.display_name, ''), ch.login) as outlet,
           i.view_count as score, f.keyword as query, count(*) over () as total
    from twitch_feeds f
    join twitch_feed_items fi on fi.feed_id = f.id and fi.organization_id = f.organization_id
    join twitch_items i on i.id = fi.item_id
    left join twitch_channels ch on ch.id = i.broadcaster_id
    where f.project_id = ${sub.projectId} and f.organization_id = ${org} and fi.status <> 'deleted'
      and fi.inserted_at > ${lo}::timestamptz and fi.inserted_at <= ${hi}::timestamptz
    order by i.view_count desc, i.published_at desc, i.id desc
    limit ${DIGEST_TOP.streams}`);
  return { articles: toSection(articles.rows), videos: toSection(videos.rows), streams: toSection(streams.rows) };
}

/**
 * The start of the oldest transaction the app still has open on this database, if any. Coverage
 * carries its transaction's start time (an alert match's `matched_at`, a video's or stream's
 * `inserted_at`), so a transaction still open can yet commit coverage stamped as early as its
 * start: a digest run that moved a watermark past it would never mail that coverage. The app's
 * read-only pools (Super Search, exports, public reports) write no coverage and are left out, and
 * so are other programs' sessions (an operator's psql), which must not hold digests back.
 */
export async function oldestOpenWriteStart(db: Tx): Promise<Date | null> {
  const res = await db.execute<{ start: string | null }>(sql`
    select min(xact_start) as start from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null
      and (application_name = 'coverwatch' or application_name like 'coverwatch-%')
      and application_name not in ('coverwatch-search', 'coverwatch-export', 'coverwatch-report')`);
  const start = res.rows[0]?.start;
  return start == null ? null : new Date(start);
}
