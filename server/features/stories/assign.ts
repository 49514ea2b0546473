import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { StoryKeyIndex } from './key-index.js';
import { MAX_STORY_CANDIDATES, sameHeadline, sameStory, storyBandKeys, storyFingerprint, type StoryFingerprint } from './near-dup.js';

/**
 * Stories at ingest (issue 32): each new article joins the story of an article of the last days
 * that carries the same story (near-dup.ts decides), or starts its own. Runs inside the ingest
 * transaction, between the articles' ids being drawn and their rows being written, so every
 * article is stored with its story.
 *
 * `articles.story_id` is null while an article is the only one of its story, and set on every
 * copy once a story has two: a joining copy carries the story's id (the first article's), and the
 * first article is written (or updated) with its own id. A story of one therefore costs no index
 * entry anywhere, and "has copies" is `story_id is not null`.
 */

/** A new article as the ingest hands it over: its id (drawn), date and fingerprint. */
export interface StoryCandidate {
  id: number;
  pubDate: Date;
  /** The article's outlet: another of its articles joins its story on the headline alone. */
  websiteId: number | null;
  fingerprint: StoryFingerprint;
}

export interface StoryAssignment {
  /** Article id → its story's id, for the articles that joined a story or were joined in this batch (others: none, their own story). */
  storyOf: Map<number, number>;
  /** Stories that got their second article from this batch and whose first article was stored before it: their first article is marked (markStoryLeads). */
  earlierLeads: number[];
}

// One index per database (a test process serves many).
const indexes = new Map<string, StoryKeyIndex>();

/** Fingerprints of recently stored articles (this process's), so deciding on a candidate rarely reads the archive. */
const FINGERPRINT_CACHE = 20_000;
const fingerprints = new Map<string, StoryFingerprint>();

function remember(db: string, id: number, fp: StoryFingerprint) {
  const key = `${db}:${id}`;
  fingerprints.delete(key);
  fingerprints.set(key, fp);
  if (fingerprints.size > FINGERPRINT_CACHE) fingerprints.delete(fingerprints.keys().next().value!);
}

/**
 * Decides the story of each new article (in `articles` order: a later copy in the batch may
 * join an earlier one) and records their keys (`story_keys`).
 */
export async function assignStories(tx: Tx, articles: StoryCandidate[]): Promise<StoryAssignment> {
  const storyOf = new Map<number, number>();
  const earlierLeads = new Set<number>();
  if (articles.length === 0) return { storyOf, earlierLeads: [] };
  const db = (await tx.execute<{ db: string }>(sql`select current_database() as db`)).rows[0].db;
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new StoryKeyIndex()));
  await index.refresh(tx);

  // Candidates stored before this batch whose fingerprint this process has not seen: read once.
  const missing = new Set<number>();
  for (const a of articles) {
    for (const id of index.candidates(storyBandKeys(a.fingerprint), a.pubDate.getTime(), MAX_STORY_CANDIDATES)) {
      if (!fingerprints.has(`${db}:${id}`)) missing.add(id);
    }
  }
  if (missing.size > 0) {
    const rows = await tx.execute<{ id: string | number; title: string; description: string }>(sql`
      select a.id, a.title, a.description
      from article_keys k join articles a on a.id = k.article_id and a.pub_date = k.pub_date
      where k.article_id = any(${sql.param([...missing])}::bigint[])`);
    for (const r of rows.rows) remember(db, Number(r.id), storyFingerprint(r.title, r.description));
  }

  const fresh = new Set(articles.map((a) => a.id));
  for (const a of articles) {
    const keys = storyBandKeys(a.fingerprint);
    let story = a.id;
    for (const id of index.candidates(keys, a.pubDate.getTime(), MAX_STORY_CANDIDATES)) {
      const other = fingerprints.get(`${db}:${id}`);
      const candidate = index.article(id)!;
      // One outlet's own articles: by their headlines alone (a boilerplate summary is not a story).
      const sameOutlet = a.websiteId !== null && candidate.websiteId === a.websiteId;
      if (!other || !(sameOutlet ? sameHeadline(a.fingerprint, other) : sameStory(a.fingerprint, other))) continue;
      story = candidate.storyId;
      break;
    }
    if (story !== a.id) {
      storyOf.set(a.id, story);
      // The story's first article is marked too: in this batch's rows, or by an update.
      if (fresh.has(story)) storyOf.set(story, story);
      else earlierLeads.add(story);
    }
    if (keys.length > 0) index.add(a.id, story, a.pubDate.getTime(), keys, true, a.websiteId);
    remember(db, a.id, a.fingerprint);
  }

  const kept = articles.filter((a) => storyBandKeys(a.fingerprint).length > 0);
  if (kept.length > 0) {
    await tx.execute(sql`
      insert into story_keys (article_id, pub_date, story_id, website_id, keys)
      select t.id, t.pub_date, t.story_id, t.website_id, string_to_array(t.keys, ',')::bigint[]
      from unnest(${sql.param(kept.map((a) => a.id))}::bigint[], ${sql.param(kept.map((a) => a.pubDate.toISOString()))}::timestamptz[],
                  ${sql.param(kept.map((a) => storyOf.get(a.id) ?? a.id))}::bigint[], ${sql.param(kept.map((a) => a.websiteId))}::int[],
                  ${sql.param(kept.map((a) => storyBandKeys(a.fingerprint).join(',')))}::text[])
        as t(id, pub_date, story_id, website_id, keys)
      on conflict (article_id) do nothing`);
  }
  return { storyOf, earlierLeads: [...earlierLeads].sort((x, y) => x - y) };
}

/**
 * Marks the first article of each story that just got its second: its archive row and its feed
 * rows carry the story id from now on (an organization that moved that article into another story
 * keeps its own edit).
 */
export async function markStoryLeads(tx: Tx, leads: number[]): Promise<void> {
  if (leads.length === 0) return;
  const ids = sql.param(leads);
  await tx.execute(sql`
    update articles a set story_id = a.id
    from article_keys k
    where k.article_id = any(${ids}::bigint[]) and a.id = k.article_id and a.pub_date = k.pub_date and a.story_id is null`);
  await tx.execute(sql`
    update alert_articles aa
       set story_id = coalesce((select e.story_id from story_edits e where e.organization_id = aa.organization_id and e.article_id = aa.article_id), aa.article_id)
     where aa.article_id = any(${ids}::bigint[]) and aa.story_id is null`);
}

/** Forgets story keys older than the window (housekeeping). */
export async function pruneStoryKeys(db: Tx, now = new Date()): Promise<number> {
  const res = await db.execute(sql`delete from story_keys where pub_date < ${now.toISOString()}::timestamptz - interval '96 hours'`);
  return res.rowCount ?? 0;
}
