// The generated archive of bench/search (not a benchmark itself: bench/run.ts skips it).
// Deterministic (seeded): a Zipf vocabulary of pseudo-words, two years of dates in ingest order,
// 30 languages, 2,000 outlets. The search vector is built by common/query's tokenizer, as ingest does.
import type pg from 'pg';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import { from as copyFrom } from 'pg-copy-streams';
import { toTsvectorLiteral } from '../common/query/postgres.js';
import { monthOf, monthsOf, writeArchiveArticles, type ArchiveArticle } from '../server/features/crawler/archive-store.js';
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
  ['en', 34],
  ['es', 8],
  ['de', 7],
  ['fr', 7],
  ['pt', 5],
  ['it', 4],
  ['ja', 4],
  ['ru', 3],
  ['pl', 3],
  ['nl', 2.5],
  ['tr', 2],
  ['ko', 2],
  ['zh', 2],
  ['sv', 1.5],
  ['cs', 1.2],
  ['da', 1],
  ['fi', 1],
  ['no', 1],
  ['hu', 1],
  ['ro', 1],
  ['el', 0.8],
  ['uk', 0.8],
  ['ar', 0.8],
  ['he', 0.6],
  ['id', 0.6],
  ['th', 0.5],
  ['vi', 0.5],
  ['ms', 0.4],
  ['bg', 0.4],
  ['hr', 0.4],
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
export function generateArticles(from: number, count: number, total: number, end: Date, seed = 42, lexemes?: Set<string>): GeneratedArticle[] {
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
    const tokens = tokenize(articleSearchText(title, description));
    if (lexemes) for (const t of tokens) lexemes.add(t);
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
      search: toTsvectorLiteral(tokens),
    });
  }
  return out;
}

/** A generated article as the archive writer takes it (its id comes from the writer). */
export function toArchiveArticle(a: GeneratedArticle): ArchiveArticle {
  const pubDate = new Date(a.pubDate);
  return {
    urlKey: a.urlKey,
    url: a.url,
    fullUrl: a.fullUrl,
    title: a.title,
    description: a.description,
    language: a.language,
    pubDate,
    firstSeenAt: pubDate,
    websiteId: a.websiteId,
    reach: a.reach,
    search: a.search,
  };
}

/** Stores generated articles through the archive writer in one transaction, as the crawler's ingest does. */
export async function insertArticles(db: pg.Client, rows: GeneratedArticle[]): Promise<void> {
  await drizzle(db).transaction((tx) => writeArchiveArticles(tx, rows.map(toArchiveArticle)));
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

/** A value in COPY's text format (tab-separated, \N for null, backslash escapes). */
function copyText(v: string | number | null): string {
  if (v === null) return '\\N';
  return typeof v === 'number' ? String(v) : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

async function copyRows(db: pg.ClientBase, target: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  await pipeline(Readable.from([lines.join('')]), db.query(copyFrom(`copy ${target} from stdin`)));
}

/** The generated archive's articles `from`.. as COPY lines of the three tables, each month's partitions apart. */
function copyBatch(rows: GeneratedArticle[], from: number) {
  const keys: string[] = [];
  const byMonth = new Map<string, { articles: string[]; search: string[] }>();
  rows.forEach((a, k) => {
    const id = from + k + 1;
    const month = monthOf(new Date(a.pubDate)).slice(0, 7).replace('-', '_');
    let m = byMonth.get(month);
    if (!m) byMonth.set(month, (m = { articles: [], search: [] }));
    keys.push(`${copyText(a.urlKey)}\t${id}\t${a.pubDate}\n`);
    // The columns the writer fills (archive-store.ts insertRows); html, author, image, feed and muv stay null.
    m.articles.push(
      [id, a.urlKey, a.url, a.fullUrl, a.title, a.description, a.language, a.pubDate, a.pubDate, a.websiteId, a.reach].map(copyText).join('\t') + '\n',
    );
    m.search.push(`${id}\t${a.pubDate}\t${a.pubDate.slice(0, 10)}\t${copyText(a.language)}\t${a.reach}\t${copyText(a.search)}\n`);
  });
  return { keys, byMonth };
}

/** The months of an archive of DAYS days ending at `end` (every partition the generator writes into). */
export function archiveMonths(end: Date): string[] {
  const out: Date[] = [];
  for (let t = end.getTime() - DAYS * 86400_000; t < end.getTime() + 86400_000; t += 86400_000) out.push(new Date(t));
  return monthsOf(out);
}

/**
 * Loads `total` generated articles into the archive's layout (migration 0016) as fast as the
 * machine allows: the months' partitions first (archive_ensure_month, as the writer does),
 * then COPY straight into each month's partitions — article_keys, articles, article_search —
 * while the next batch is generated. The secondary indexes of both partitioned tables are
 * dropped for the load and built again afterwards from their own definitions (building a GIN
 * index from sorted input is several times faster than updating it row by row), and the
 * lexemes the trigger would have added (COPY into a partition does not fire the parent's
 * statement trigger) are inserted once from the generator's own tokens. The result is the
 * database the writer would have produced: same tables, indexes, sequence and lexemes.
 */
export async function loadArchive(db: pg.ClientBase, total: number, end: Date, log: (line: string) => void = () => {}) {
  const { rows: defs } = await db.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
       from pg_index where indrelid in ('articles'::regclass, 'article_search'::regclass) and not indisprimary and not indisunique`,
  );
  for (const d of defs) await db.query(`drop index ${d.name}`);
  await insertWebsites(db);
  await db.query(`select archive_ensure_month(m) from unnest($1::date[]) as m order by m`, [archiveMonths(end)]);
  const lexemes = new Set<string>();
  const batch = 20_000;
  const t0 = performance.now();
  let pending: Promise<void> | undefined;
  for (let from = 0; from < total; from += batch) {
    const { keys, byMonth } = copyBatch(generateArticles(from, Math.min(batch, total - from), total, end, 42, lexemes), from);
    await pending;
    pending = (async () => {
      await db.query('begin');
      await copyRows(db, 'article_keys (url_key, article_id, pub_date)', keys);
      for (const [month, m] of byMonth) {
        await copyRows(
          db,
          `articles_${month} (id, url_key, url, full_url, title, description, language, pub_date, first_seen_at, website_id, reach)`,
          m.articles,
        );
        await copyRows(db, `article_search_${month} (id, pub_date, day, language, reach, search)`, m.search);
      }
      await db.query('commit');
    })();
    if (from % 500_000 === 0 && from > 0) {
      const s = (performance.now() - t0) / 1000;
      log(`  ${from.toLocaleString('en')} articles, ${s.toFixed(0)} s, ${Math.round(from / s).toLocaleString('en')} articles/s`);
    }
  }
  await pending;
  await db.query(`insert into lexemes (word) select w from unnest($1::text[]) as w order by 1 on conflict (word) do nothing`, [[...lexemes]]);
  await db.query(`select setval('articles_id_seq', $1)`, [total]);
  const loadSeconds = (performance.now() - t0) / 1000;
  log(`  loaded in ${loadSeconds.toFixed(0)} s; building ${defs.map((d) => d.name).join(', ')}…`);
  const t1 = performance.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  // pg_get_indexdef names a partitioned index `ON ONLY` the parent: without ONLY, CREATE INDEX
  // builds every partition's index too, under the names ATTACH PARTITION gives them.
  for (const d of defs) await db.query(d.def.replace(' ON ONLY ', ' ON '));
  const indexSeconds = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  for (const t of ['article_keys', 'articles', 'article_search', 'lexemes', 'websites', 'archive_months']) await db.query(`vacuum analyze ${t}`);
  const vacuumSeconds = (performance.now() - t2) / 1000;
  return { loadSeconds, indexSeconds, vacuumSeconds, indexes: defs.map((d) => d.name) };
}

/** A measured query: its text, its date range, and its form in each engine. */
export interface BenchQuery {
  search: string;
  from_date: string;
  to_date: string;
  days: number;
  matches: number;
  tsquery: string;
  fts: string;
}

/** The date ranges a query spans, in days. */
export const RANGES = [7, 30, 90, 180, 365];

/** Term ranks drawn log-uniformly: typical terms are specific (rank 100–20,000), broad ones common (3–60). */
export function makeQueries(today: Date, n: number): Omit<BenchQuery, 'matches' | 'tsquery' | 'fts'>[] {
  const random = rng(7);
  const rank = (lo: number, hi: number) => Math.floor(Math.exp(Math.log(lo) + random() * (Math.log(hi) - Math.log(lo))));
  const term = (broad: boolean) => word(broad ? rank(3, 60) : rank(100, 20_000));
  const shapes: ((broad: boolean) => string)[] = [
    (b) => `${term(b)} ${term(false)}`, // either (Lucene's default OR)
    (b) => `+${term(b)} +${term(false)}`, // both
    (b) => `"${term(b)} ${term(false)}"`, // a phrase
    (b) => `${term(b)} ${term(false)} ${term(false)}`,
    (b) => `+${term(b)} +(${term(false)} ${term(false)})`,
    (b) => `+${term(b)} +${term(false)} -${term(false)}`,
  ];
  const out = new Map<string, Omit<BenchQuery, 'matches' | 'tsquery' | 'fts'>>();
  while (out.size < n) {
    const broad = random() < 0.3;
    const search = shapes[Math.floor(random() * shapes.length)](broad);
    const days = RANGES[Math.floor(random() * RANGES.length)];
    const to = today.toISOString().slice(0, 10);
    const from = new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    out.set(`${search}|${days}`, { search, from_date: from, to_date: to, days });
  }
  return [...out.values()];
}
