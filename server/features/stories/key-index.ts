import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { STORY_WINDOW_HOURS } from './near-dup.js';

/**
 * The band keys of the last days' articles, held in memory by each process that ingests
 * (docs/decisions.md, "Stories at ingest"). Looking 16 keys an article up in PostgreSQL and
 * writing them into an indexed side table cost the ingest about a quarter of its throughput;
 * here a lookup is a hash probe, and the database holds one narrow row per article
 * (`story_keys`, no index but its primary key) that the other processes read once: each process
 * reads only the rows added since its own last read (`article_id` above its watermark).
 *
 * Memory: one slot (key → article) per band key, in two typed arrays with open addressing (16
 * bytes a slot, load 0.375–0.75), and per article its story, date and outlet: about 0.6 KB an
 * article, 60 MB for 100,000 articles in the window. A bucket keeps the latest article with the key: a story's
 * copies share their keys, so the latest copy stands for the story, and an article is found
 * through any of its 16 keys.
 *
 * An article whose transaction is rolled back stays here until the window passes: a copy that
 * joins it carries a story id no article has, which groups the copies all the same.
 */

const EMPTY = -1;
/** Slots used at most before the tables double (linear probing stays short below ~0.75). */
const MAX_LOAD = 0.75;

export interface IndexedArticle {
  storyId: number;
  /** Milliseconds since the epoch. */
  pubDate: number;
  /** The article's outlet (null: unknown). */
  websiteId: number | null;
}

export class StoryKeyIndex {
  private keys = new Float64Array(1 << 12).fill(EMPTY);
  private values = new Float64Array(1 << 12);
  private used = 0;
  private readonly articles = new Map<number, IndexedArticle>();
  /** The highest story_keys.article_id read from the database. */
  watermark = 0;
  /** Articles this process added above the watermark: a refresh does not read them back. */
  private own: number[] = [];
  private warmed = false;
  private lastPrune = 0;

  constructor(private readonly windowMs = STORY_WINDOW_HOURS * 3_600_000) {}

  get size(): number {
    return this.articles.size;
  }

  article(id: number): IndexedArticle | undefined {
    return this.articles.get(id);
  }

  /** Adds an article and its keys; `own`: this process stores it (its story_keys row need not be read back). */
  add(articleId: number, storyId: number, pubDate: number, keys: readonly number[], own = false, websiteId: number | null = null): void {
    this.articles.set(articleId, { storyId, pubDate, websiteId });
    if (own && articleId > this.watermark) this.own.push(articleId);
    if (this.used + keys.length > this.keys.length * MAX_LOAD) this.rebuild();
    for (const key of keys) this.put(key, articleId);
  }

  /** The articles sharing at least one key with `keys`, most keys shared first, within the window of `pubDate`. */
  candidates(keys: readonly number[], pubDate: number, limit: number): number[] {
    const shared = new Map<number, number>();
    for (const key of keys) {
      const id = this.get(key);
      if (id === undefined) continue;
      const a = this.articles.get(id);
      if (!a || Math.abs(a.pubDate - pubDate) > this.windowMs) continue;
      shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    return [...shared.entries()]
      .sort((x, y) => y[1] - x[1] || y[0] - x[0])
      .slice(0, limit)
      .map(([id]) => id);
  }

  /**
   * Brings the index up to date: on the first call every row of the window, then only the rows
   * added since (by any process). Drops articles that left the window every ten minutes.
   */
  async refresh(db: Tx, now = Date.now()): Promise<void> {
    const since = new Date(now - this.windowMs - 3_600_000).toISOString();
    type Row = {
      article_id: string | number | null;
      story_id: string | number | null;
      pub_date: Date | string | null;
      website_id: number | null;
      keys: (string | number)[] | null;
    };
    // After the first read: the rows above the watermark but this process's own, and the highest id (the new watermark).
    const rows = await db.execute<Row>(
      this.warmed
        ? sql`with fresh as (select article_id, story_id, pub_date, website_id, keys from story_keys where article_id > ${this.watermark})
              select * from fresh where article_id <> all(${sql.param(this.own)}::bigint[])
              union all select max(article_id), null, null, null, null from fresh`
        : sql`select article_id, story_id, pub_date, website_id, keys from story_keys where pub_date >= ${since}::timestamptz order by article_id`,
    );
    this.warmed = true;
    for (const r of rows.rows) {
      if (r.article_id === null) continue;
      const id = Number(r.article_id);
      if (id > this.watermark) this.watermark = id;
      if (r.keys === null || this.articles.has(id)) continue;
      this.add(id, Number(r.story_id), new Date(r.pub_date!).getTime(), r.keys.map(Number), false, r.website_id === null ? null : Number(r.website_id));
    }
    this.own = this.own.filter((id) => id > this.watermark);
    if (now - this.lastPrune > 600_000) {
      this.lastPrune = now;
      this.prune(now);
    }
  }

  /** Forgets articles published before the window (and their keys). */
  prune(now = Date.now()): void {
    const oldest = now - this.windowMs - 3_600_000;
    let dropped = 0;
    for (const [id, a] of this.articles) {
      if (a.pubDate < oldest) {
        this.articles.delete(id);
        dropped++;
      }
    }
    if (dropped > 0) this.rebuild();
  }

  private slot(key: number): number {
    // The key is < 2^40: fold its high bits into the low 32 and mix (fmix32).
    let h = (key >>> 0) ^ Math.floor(key / 2 ** 32);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0) & (this.keys.length - 1);
  }

  private put(key: number, articleId: number): void {
    let i = this.slot(key);
    const mask = this.keys.length - 1;
    while (this.keys[i] !== EMPTY && this.keys[i] !== key) i = (i + 1) & mask;
    if (this.keys[i] === EMPTY) this.used++;
    this.keys[i] = key;
    this.values[i] = articleId;
  }

  private get(key: number): number | undefined {
    let i = this.slot(key);
    const mask = this.keys.length - 1;
    while (this.keys[i] !== EMPTY) {
      if (this.keys[i] === key) return this.values[i];
      i = (i + 1) & mask;
    }
    return undefined;
  }

  /** Re-inserts the live slots (those whose article is still held) into tables with room for as many again. */
  private rebuild(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    let live = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== EMPTY && this.articles.has(oldValues[i])) live++;
    // Half full after a rebuild: it grows (doubles) again at MAX_LOAD.
    let size = 1 << 12;
    while (size * 0.5 < live) size *= 2;
    this.keys = new Float64Array(size).fill(EMPTY);
    this.values = new Float64Array(size);
    this.used = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] !== EMPTY && this.articles.has(oldValues[i])) this.put(oldKeys[i], oldValues[i]);
    }
  }
}
