import { sql } from 'drizzle-orm';
import { ROLE } from '../../../common/limits.js';
import type { SpikeStory, SpikeWindow } from '../../../common/schemas/spikes.js';
import type { Tx } from '../../db/client.js';

/*
 * Spike alerts' reads and writes. This feature writes `spike_alerts` and the `spike_*` settings of
 * projects (issue 32: the columns are spikes'); it reads alerts, alert_articles, articles, websites,
 * organizations and the digest's subscriptions read-only (architecture.md: reads may join other
 * features' tables).
 */

/** How many windows of the same kind the baseline spans: 14 days of them. */
export const BASELINE_WINDOWS: Record<SpikeWindow, number> = { hour: 14 * 24, day: 14 };
/**
 * A match counts when its article was at most this old when matched. A new alert (or new keywords)
 * reads months of the archive at once: those matches are the past found late, not a burst of
 * coverage, and must neither trigger a spike nor inflate a baseline.
 */
export const FRESH_MATCH = "interval '2 days'";
/** After a window ends it is still checked this long, so matches committed just before its end are not lost between two runs. */
export const GRACE = "interval '15 minutes'";

const PROJECT_WINDOW_LENGTH = sql.raw("(case when p.spike_window = 'hour' then interval '1 hour' else interval '1 day' end)");

export interface SpikeSettings {
  enabled: boolean;
  window: SpikeWindow;
  factor: number;
  minMatches: number;
}

const toSettings = (r: Record<string, unknown>): SpikeSettings => ({
  enabled: Boolean(r.spike_enabled),
  window: r.spike_window === 'hour' ? 'hour' : 'day',
  factor: Number(r.spike_factor),
  minMatches: Number(r.spike_min_matches),
});

/** A project's spike settings; undefined when the project is not the organization's. */
export async function findSpikeSettings(db: Tx, orgId: number, projectId: number): Promise<SpikeSettings | undefined> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select spike_enabled, spike_window, spike_factor, spike_min_matches from projects where id = ${projectId} and organization_id = ${orgId}`);
  return res.rows[0] ? toSettings(res.rows[0]) : undefined;
}

/** Changes the given settings (the others stay); undefined when the project is not the organization's. */
export async function writeSpikeSettings(db: Tx, orgId: number, projectId: number, changes: Partial<SpikeSettings>): Promise<SpikeSettings | undefined> {
  const res = await db.execute<Record<string, unknown>>(sql`
    update projects set
      spike_enabled = coalesce(${changes.enabled ?? null}::boolean, spike_enabled),
      spike_window = coalesce(${changes.window ?? null}::text, spike_window),
      spike_factor = coalesce(${changes.factor ?? null}::real, spike_factor),
      spike_min_matches = coalesce(${changes.minMatches ?? null}::int, spike_min_matches),
      updated_at = now()
    where id = ${projectId} and organization_id = ${orgId}
    returning spike_enabled, spike_window, spike_factor, spike_min_matches`);
  return res.rows[0] ? toSettings(res.rows[0]) : undefined;
}

export interface SpikeRow {
  id: number;
  window: SpikeWindow;
  windowStart: Date;
  matches: number;
  baseline: number;
  factor: number;
  stories: SpikeStory[];
  emailedAt: Date | null;
  insertedAt: Date;
}

/** The project's last spikes, newest window first. */
export async function listProjectSpikes(db: Tx, orgId: number, projectId: number, limit: number): Promise<SpikeRow[]> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select id, "window", window_start, matches, baseline, factor, stories, emailed_at, inserted_at from spike_alerts
    where organization_id = ${orgId} and project_id = ${projectId}
    order by window_start desc, id desc limit ${limit}`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    window: r.window === 'hour' ? 'hour' : 'day',
    windowStart: new Date(r.window_start as string),
    matches: Number(r.matches),
    baseline: Number(r.baseline),
    factor: Number(r.factor),
    stories: Array.isArray(r.stories) ? (r.stories as SpikeStory[]) : [],
    emailedAt: r.emailed_at ? new Date(r.emailed_at as string) : null,
    insertedAt: new Date(r.inserted_at as string),
  }));
}

/** A window whose matches crossed its project's threshold and that has no spike alert yet. */
export interface SpikeCandidate {
  organizationId: number;
  projectId: number;
  projectName: string;
  window: SpikeWindow;
  windowStart: Date;
  windowEnd: Date;
  matches: number;
  baseline: number;
  factor: number;
}

/**
 * Every enabled project's spiking windows at `now`, in one statement: the current window (partial:
 * a burst is told as it happens) and, for GRACE after it ended, the one before. Each is counted
 * against the mean of the BASELINE_WINDOWS windows before it, from one range scan per alert (the
 * feed index leads with (alert_id, pub_date) and carries matched_at). Projects of closed
 * workspaces (trial over, subscription ended) and archived projects are left out, as the digest
 * leaves them out.
 */
export async function findSpikeCandidates(db: Tx, now: Date): Promise<SpikeCandidate[]> {
  const at = now.toISOString();
  const res = await db.execute<Record<string, unknown>>(sql`
    with p as (
      select p.id, p.organization_id, p.name, p.spike_window as win, p.spike_factor as factor, p.spike_min_matches as min_matches,
             ${PROJECT_WINDOW_LENGTH} as len,
             case when p.spike_window = 'hour' then ${BASELINE_WINDOWS.hour}::int else ${BASELINE_WINDOWS.day}::int end as n,
             date_trunc(case when p.spike_window = 'hour' then 'hour' else 'day' end, ${at}::timestamptz, 'UTC') as cur
      from projects p
      join organizations o on o.id = p.organization_id
      where p.spike_enabled and not p.locked
        and (coalesce((o.capabilities->>'platform_operator')::boolean, false)
             or (o.subscription_status <> 'expired'
                 and not (o.plan = 'trial' and o.trial_ends_at is not null and o.trial_ends_at < ${at}::timestamptz)))
    ), w as (
      select p.*, ws.start, ws.start - p.n * p.len as base_from
      from p cross join lateral (values (p.cur), (p.cur - p.len)) as ws(start)
      where ws.start = p.cur or ${at}::timestamptz < p.cur + ${sql.raw(GRACE)}
    ), c as (
      select w.id, w.start,
             count(distinct aa.article_id) filter (where aa.matched_at >= w.start) as matches,
             count(distinct aa.article_id) filter (where aa.matched_at < w.start) as before
      from w
      join alerts al on al.project_id = w.id and al.organization_id = w.organization_id
      join alert_articles aa on aa.alert_id = al.id and aa.deleted_at is null
       and aa.pub_date >= w.base_from - ${sql.raw(FRESH_MATCH)}
       and aa.matched_at >= w.base_from and aa.matched_at < w.start + w.len
       and aa.pub_date >= aa.matched_at - ${sql.raw(FRESH_MATCH)}
      group by w.id, w.start
    )
    select w.organization_id, w.id as project_id, w.name, w.win, w.start, w.start + w.len as stop, w.factor,
           c.matches, c.before::float8 / w.n as baseline
    from w join c on c.id = w.id and c.start = w.start
    where c.matches >= w.min_matches and c.matches > w.factor * (c.before::float8 / w.n)
      and not exists (select 1 from spike_alerts s where s.project_id = w.id and s."window" = w.win and s.window_start = w.start)
    order by w.id, w.start`);
  return res.rows.map((r) => ({
    organizationId: Number(r.organization_id),
    projectId: Number(r.project_id),
    projectName: String(r.name),
    window: r.win === 'hour' ? 'hour' : 'day',
    windowStart: new Date(r.start as string),
    windowEnd: new Date(r.stop as string),
    matches: Number(r.matches),
    baseline: Number(r.baseline),
    factor: Number(r.factor),
  }));
}

/**
 * The stories of a window's matches, most copies first: copies grouped by their story
 * (`coalesce(story_id, article_id)`: an article without a story is its own), each named by its
 * lead (the story's first article when the project matched it, else its earliest copy in the
 * window). `storyCount`: every story of the window, listed or not.
 */
export async function windowStories(
  db: Tx,
  c: Pick<SpikeCandidate, 'organizationId' | 'projectId' | 'windowStart' | 'windowEnd'>,
  limit: number,
): Promise<{ stories: SpikeStory[]; storyCount: number }> {
  const from = c.windowStart.toISOString();
  const to = c.windowEnd.toISOString();
  const res = await db.execute<Record<string, unknown>>(sql`
    with m as (
      select distinct on (aa.article_id) aa.article_id, aa.pub_date, aa.media, coalesce(aa.story_id, aa.article_id) as story
      from alerts al
      join alert_articles aa on aa.alert_id = al.id and aa.deleted_at is null
       and aa.pub_date >= ${from}::timestamptz - ${sql.raw(FRESH_MATCH)}
       and aa.matched_at >= ${from}::timestamptz and aa.matched_at < ${to}::timestamptz
       and aa.pub_date >= aa.matched_at - ${sql.raw(FRESH_MATCH)}
      where al.project_id = ${c.projectId} and al.organization_id = ${c.organizationId}
      order by aa.article_id
    ), g as (
      select story, count(*) as copies from m group by story
    ), lead as (
      select distinct on (m.story) m.* from m order by m.story, (m.article_id = m.story) desc, m.pub_date, m.article_id
    ), top as (
      select g.copies, l.article_id, l.pub_date, l.media, count(*) over () as story_count
      from g join lead l on l.story = g.story
      order by g.copies desc, l.pub_date desc, l.article_id desc
      limit ${limit}
    )
    select top.copies, top.story_count, a.title, a.url, coalesce(nullif(w.name, ''), nullif(top.media, ''), w.domain, '') as outlet
    from top
    join articles a on a.id = top.article_id and a.pub_date = top.pub_date
    left join websites w on w.id = a.website_id
    order by top.copies desc, top.pub_date desc, top.article_id desc`);
  return {
    storyCount: res.rows.length ? Number(res.rows[0].story_count) : 0,
    stories: res.rows.map((r) => ({ title: String(r.title ?? ''), url: String(r.url ?? ''), outlet: String(r.outlet ?? ''), copies: Number(r.copies) })),
  };
}

/** Records the spike; null when the window already has one (another run told it): what makes it go out once. */
export async function insertSpike(tx: Tx, c: SpikeCandidate, stories: SpikeStory[]): Promise<number | null> {
  const res = await tx.execute<{ id: number }>(sql`
    insert into spike_alerts (organization_id, project_id, "window", window_start, matches, baseline, factor, stories)
    values (${c.organizationId}, ${c.projectId}, ${c.window}, ${c.windowStart.toISOString()}::timestamptz, ${c.matches}, ${c.baseline}, ${c.factor},
            ${JSON.stringify(stories)}::jsonb)
    on conflict (project_id, "window", window_start) do nothing
    returning id`);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

export async function markSpikeEmailed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.execute(sql`update spike_alerts set emailed_at = ${at.toISOString()}::timestamptz where id = ${id}`);
}

/** Where the project's article announcements go, one per channel (the project's own alert first, then its other alerts by age). */
export interface SpikeDestinations {
  slack: { webhookUrl: string } | { channelId: string } | null;
  discord: { webhookUrl: string } | null;
}

export async function findSpikeDestinations(db: Tx, orgId: number, projectId: number): Promise<SpikeDestinations> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select al.slack_tracking, al.slack_webhook_url, al.slack_channel_id, al.discord_webhook_url, o.slack_enabled
    from alerts al
    join projects p on p.id = al.project_id and p.organization_id = al.organization_id
    join organizations o on o.id = al.organization_id
    where al.project_id = ${projectId} and al.organization_id = ${orgId}
    order by (al.id = p.alert_id) desc nulls last, al.active desc, al.id`);
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  let slack: SpikeDestinations['slack'] = null;
  let discord: SpikeDestinations['discord'] = null;
  for (const r of res.rows) {
    // As the alert's own announcements: a channel of the installed app wins over a webhook.
    const channelId = text(r.slack_channel_id);
    const webhook = text(r.slack_webhook_url);
    if (!slack && r.slack_tracking) {
      if (channelId && r.slack_enabled) slack = { channelId };
      else if (webhook) slack = { webhookUrl: webhook };
    }
    const hook = text(r.discord_webhook_url);
    if (!discord && hook) discord = { webhookUrl: hook };
  }
  return { slack, discord };
}

/** A digest subscriber of the project who gets the spike e-mail (active members only, as the digest). */
export interface SpikeRecipient {
  userId: number;
  email: string;
  name: string;
  unsubscribeToken: string;
  organizationName: string;
}

export async function listSpikeRecipients(db: Tx, orgId: number, projectId: number): Promise<SpikeRecipient[]> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select s.user_id, u.email, u.name, s.unsubscribe_token, o.name as organization_name
    from notification_subscriptions s
    join memberships m on m.organization_id = s.organization_id and m.user_id = s.user_id
    join users u on u.id = s.user_id
    join organizations o on o.id = s.organization_id
    where s.project_id = ${projectId} and s.organization_id = ${orgId} and s.status
      and m.role_id in (${ROLE.admin}, ${ROLE.user})
    order by s.user_id`);
  return res.rows.map((r) => ({
    userId: Number(r.user_id),
    email: String(r.email),
    name: String(r.name ?? ''),
    unsubscribeToken: String(r.unsubscribe_token),
    organizationName: String(r.organization_name),
  }));
}

/** One Slack or Discord message of a spike, as the outbox keeps it: the message itself, and where it goes. */
