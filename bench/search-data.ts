// The generated archive of bench/search (not a benchmark itself: bench/run.ts skips it).
// Deterministic (seeded): a Zipf vocabulary of pseudo-words, two years of dates in ingest order,
// 30 languages, 2,000 outlets. The search vector is built by common/query's tokenizer, as ingest does.
import type pg from 'pg';
import { toTsvectorLiteral } from '../common/query/postgres.js';
import { articleSearchText, tokenize } from '../common/query/tokenize.js';
import { rng } from './lib.js';

export const VOCABULARY = 60_000;
/** Zipf exponent of word frequencies (≈1 in natural language). */
const ZIPF_S = 1.05;
export const WEBSITES = 2_000;
export const DAYS = 730;

// Two-letter syllables (consonant + vowel) form a uniquely decodable code: distinct ranks give distinct words.
const SYLLABLES = [...'bdfgklmnprstvz'].flatMap((c) => [...'aeiou'].map((v) => c + v));

/** The word of frequency rank `rank` (0 = most frequent): a pronounceable pseudo-word of 2–3 syllables. */
export function word(rank: number): string {
  let n = rank + SYLLABLES.length; // at least two syllables
  let out = '';
  while (n > 0) {
    out = SYLLABLES[n % SYLLABLES.length] + out;
    n = Math.floor(n / SYLLABLES.length);
  }
  return out;
}

/** A sampler of word ranks with P(rank r) ∝ 1/(r+1)^s. */
export function zipfSampler(random: () => number, size = VOCABULARY, s = ZIPF_S) {
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) cdf[r] = sum += 1 / Math.pow(r + 1, s);
  for (let r = 0; r < size; r++) cdf[r] /= sum;
  return () => {
    const u = random();
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** 30 languages, weighted roughly like a games-and-tech press archive. */
export const LANGUAGES: [string, number][] = [
  ['en', 34], ['es', 8], ['de', 7], ['fr', 7], ['pt', 5], ['it', 4], ['ja', 4], ['ru', 3], ['pl', 3], ['nl', 2.5],
  ['tr', 2], ['ko', 2], ['zh', 2], ['sv', 1.5], ['cs', 1.2], ['da', 1], ['fi', 1], ['no', 1], ['hu', 1], ['ro', 1],
  ['el', 0.8], ['uk', 0.8], ['ar', 0.8], ['he', 0.6], ['id', 0.6], ['th', 0.5], ['vi', 0.5], ['ms', 0.4], ['bg', 0.4], ['hr', 0.4],
];

function weightedPicker<T>(random: () => number, items: [T, number][]) {
  const total = items.reduce((s, [, w]) => s + w, 0);
  return () => {
    let u = random() * total;
    for (const [v, w] of items) if ((u -= w) <= 0) return v;
    return items[items.length - 1][0];
  };
}

export interface GeneratedArticle {
  urlKey: string;
  url: string;
  fullUrl: string;
  title: string;
  description: string;
  language: string;
  pubDate: string;
  websiteId: number;
  reach: number;
  search: string;
}

/** Media score of outlet `w`: most outlets are small, a few are large (0.1–10). */
export const websiteReach = (w: number) => Math.round(Math.min(10, 0.1 + 9.9 * Math.pow(((w * 7919) % 1000) / 1000, 3)) * 10) / 10;

/**
 * Articles `from`..`from + count - 1` of an archive of `total` spread over DAYS days ending at
 * `end`, in ingest order (dates rise with the id, a few hours of jitter). Deterministic per index.
 */
export function generateArticles(from: number, count: number, total: number, end: Date, seed = 42): GeneratedArticle[] {
  const random = rng(seed * 1_000_003 + from);
  const zipf = zipfSampler(random);
  const language = weightedPicker(random, LANGUAGES);
  const start = end.getTime() - DAYS * 86400_000;
  const span = DAYS * 86400_000;
  const out: GeneratedArticle[] = [];
  for (let i = from; i < from + count; i++) {
    const words = (n: number) => Array.from({ length: n }, () => word(zipf()));
    const t = words(5 + Math.floor(random() * 8));
    t[0] = t[0][0].toUpperCase() + t[0].slice(1);
    const title = t.join(' ').replace(/ (\w+)$/, ': $1');
    const description = `${words(15 + Math.floor(random() * 30)).join(' ')}.`;
    const websiteId = 1 + Math.floor(Math.pow(random(), 2) * WEBSITES);
    // A few hours of jitter around the article's place in time, never outside the archive's span.
    const base = start + (span * (i + 0.5)) / total;
    const jittered = base + (random() - 0.5) * 6 * 3600_000;
    const at = jittered >= start && jittered < end.getTime() ? jittered : base;
    const url = `https://outlet${websiteId}.example/news/${i}`;
    out.push({
      urlKey: `bench-${i}`,
      url,
      fullUrl: `${url}?utm_source=rss`,
      title,
      description,
      language: language(),
      pubDate: new Date(at).toISOString(),
      websiteId,
      reach: websiteReach(websiteId),
      search: toTsvectorLiteral(tokenize(articleSearchText(title, description))),
    });
  }
  return out;
}

/** Inserts generated articles in one statement (as ingest does: unnest of column arrays). */
export async function insertArticles(db: pg.ClientBase, rows: GeneratedArticle[]): Promise<void> {
  const col = <T>(f: (a: GeneratedArticle) => T) => rows.map(f);
  await db.query(
    `insert into articles (url_key, url, full_url, title, description, language, pub_date, first_seen_at, website_id, reach, search)
     select t.url_key, t.url, t.full_url, t.title, t.description, t.language, t.pub_date, t.pub_date, t.website_id, t.reach, t.search::tsvector
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::int[], $9::real[], $10::text[])
         as t(url_key, url, full_url, title, description, language, pub_date, website_id, reach, search)`,
    [
      col((a) => a.urlKey), col((a) => a.url), col((a) => a.fullUrl), col((a) => a.title), col((a) => a.description),
      col((a) => a.language), col((a) => a.pubDate), col((a) => a.websiteId), col((a) => a.reach), col((a) => a.search),
    ],
  );
}

export async function insertWebsites(db: pg.ClientBase): Promise<void> {
  const ids = Array.from({ length: WEBSITES }, (_, i) => i + 1);
  await db.query(
    `insert into websites (id, domain, reach, language)
     select t.id, 'outlet' || t.id || '.example', t.reach, 'en' from unnest($1::int[], $2::real[]) as t(id, reach)`,
    [ids, ids.map(websiteReach)],
  );
  await db.query(`select setval(pg_get_serial_sequence('websites', 'id'), ${WEBSITES})`);
}

/**
 * Loads `total` articles as fast as the machine allows: the archive's secondary indexes are
 * dropped, batches are generated while the previous one is written, then the indexes are built
 * again from their own definitions. Returns the seconds spent loading and indexing.
 */
export async function loadArchive(db: pg.ClientBase, total: number, end: Date, log: (line: string) => void = () => {}) {
  const { rows: defs } = await db.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
       from pg_index where indrelid = 'articles'::regclass and not indisprimary and not indisunique`,
  );
  for (const d of defs) await db.query(`drop index ${d.name}`);
  await insertWebsites(db);
  const batch = 5000;
  const t0 = performance.now();
  let pending: Promise<void> | undefined;
  for (let from = 0; from < total; from += batch) {
    const rows = generateArticles(from, Math.min(batch, total - from), total, end);
    await pending;
    pending = insertArticles(db, rows);
    if (from % 100_000 === 0 && from > 0) log(`  ${from.toLocaleString('en')} articles`);
  }
  await pending;
  const loadSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  for (const d of defs) await db.query(d.def);
  const indexSeconds = (performance.now() - t1) / 1000;
  await db.query('vacuum analyze articles');
  await db.query('vacuum analyze websites');
  return { loadSeconds, indexSeconds, indexes: defs.map((d) => d.name) };
}
