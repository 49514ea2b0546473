// bench/stories: the cost of story detection at ingest (issue 32), no database. 100,000 synthetic
// articles (seeded): headlines from templates over a skewed set of 400 entities (so many share
// "Nintendo Switch 2 …" words, as a day of games news does) with lead paragraphs of skewed words
// (bench/crawl-data's VOCAB), and 15 % copies of an earlier article (an outlet suffix, a
// dateline, a description cut at "…", or no description).
// Measured: fingerprints/s (storyFingerprint), and as the ingest will run it, in arrival order
// against an in-memory index of every earlier article's band keys (all 100,000 inside one
// window, the worst case): candidates per band lookup, distinct candidates per article, and
// articles/s for fingerprint + lookup + sameStory on the candidates sharing most keys (at most
// MAX_STORY_CANDIDATES). The goal is the ingest's
// budget: ≥ 1,000 articles/s with room to spare for the database.
//
//   npm run bench -- --only=stories [--articles=100000]
import { performance } from 'node:perf_hooks';
import { VOCAB } from './crawl-data.js';
import { peakRssMb, percentile, printTable, rng, writeResults, type Row } from './lib.js';
import { MAX_STORY_CANDIDATES, sameStory, storyBandKeys, storyFingerprint, type StoryFingerprint } from '../server/features/stories/near-dup.js';

const ARTICLES = Number(process.argv.find((a) => a.startsWith('--articles='))?.split('=')[1] ?? 100_000);
const BATCH = 1000;
const random = rng(32);
const pick = <T>(list: T[], skew = 1) => list[Math.min(list.length - 1, Math.floor(Math.pow(random(), skew) * list.length))];

const ENTITIES = Array.from({ length: 400 }, (_, i) =>
  i < 12
    ? ['Nintendo', 'Sony', 'Microsoft', 'Xbox', 'Ubisoft', 'EA', 'Tencent', 'Nintendo Switch 2', 'PlayStation 5', 'Steam', 'Epic Games', 'Take-Two'][i]
    : `Studio ${VOCAB[1000 + i]}`,
);
const GAMES = Array.from({ length: 2000 }, (_, i) => `${VOCAB[5000 + i]} ${VOCAB[9000 + i]}`);
const TEMPLATES: ((e: string, g: string, n: number) => string)[] = [
  (e, g) => `${e} delays ${g} to next year`,
  (e, g) => `${e} announces ${g} for PS5, Xbox and PC`,
  (e, _g, n) => `${e} shares rise ${n}% after strong quarter`,
  (e, _g, n) => `${e} shares fall ${n}% after weak forecast`,
  (e, _g, n) => `${e} to cut ${n * 10} jobs in restructuring`,
  (e, g) => `${g} review: ${e}'s best game yet`,
  (e, g, n) => `${g} update ${n}.${n % 10} patch notes`,
  (e, g, n) => `${e}'s ${g} sells ${n} million copies`,
  (e, g) => `${e} confirms ${g} release date`,
  (e, _g, n) => `${e} raises console prices by ${n}% in Europe`,
];
const OUTLETS = ['Reuters', 'The Verge', 'Yahoo Finance', 'IGN', 'GamesIndustry.biz', 'MSN', 'heise online', 'Le Figaro'];

interface Article {
  title: string;
  description: string | null;
  copyOf: number | null;
}

function lead(): string {
  return Array.from({ length: 18 + Math.floor(random() * 20) }, () => pick(VOCAB, 3)).join(' ');
}

function generate(n: number): Article[] {
  const out: Article[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 100 && random() < 0.15) {
      const j = i - 1 - Math.floor(random() * Math.min(i - 1, 5000));
      const src = out[j];
      const original = src.copyOf ?? j;
      const variant = Math.floor(random() * 4);
      const d = src.description;
      out.push({
        title: variant === 1 ? src.title.toUpperCase() : `${src.title} - ${pick(OUTLETS)}`,
        description: variant === 2 && d ? `${d.slice(0, Math.floor(d.length * 0.6))}…` : variant === 3 ? null : d ? `LONDON (Reuters) - ${d}` : null,
        copyOf: original,
      });
    } else {
      const n10 = 1 + Math.floor(random() * 60);
      out.push({ title: pick(TEMPLATES)(pick(ENTITIES, 2), pick(GAMES, 2), n10), description: random() < 0.85 ? lead() : null, copyOf: null });
    }
  }
  return out;
}

function main() {
  const articles = generate(ARTICLES);

  // 1. Fingerprints alone.
  const fpBatches: number[] = [];
  const fps: StoryFingerprint[] = new Array(articles.length);
  const t0 = performance.now();
  for (let b = 0; b < articles.length; b += BATCH) {
    const s = performance.now();
    for (let i = b; i < Math.min(articles.length, b + BATCH); i++) fps[i] = storyFingerprint(articles[i].title, articles[i].description);
    fpBatches.push(performance.now() - s);
  }
  const fpSeconds = (performance.now() - t0) / 1000;

  // 2. As the ingest: fingerprint, look each band key up among earlier articles, decide on each candidate, store.
  const index = new Map<number, number[]>();
  const perLookup: number[] = [];
  const perArticle: number[] = [];
  const story = new Int32Array(articles.length);
  const ingestBatches: number[] = [];
  let decisions = 0;
  const t1 = performance.now();
  for (let b = 0; b < articles.length; b += BATCH) {
    const s = performance.now();
    for (let i = b; i < Math.min(articles.length, b + BATCH); i++) {
      const fp = storyFingerprint(articles[i].title, articles[i].description);
      const keys = storyBandKeys(fp);
      const shared = new Map<number, number>();
      for (const k of keys) {
        const bucket = index.get(k);
        perLookup.push(bucket?.length ?? 0);
        if (bucket) for (const id of bucket) shared.set(id, (shared.get(id) ?? 0) + 1);
      }
      perArticle.push(shared.size);
      story[i] = i;
      // As the SQL will: the candidates sharing the most keys first, at most MAX_STORY_CANDIDATES.
      const ranked = [...shared].sort((x, y) => y[1] - x[1] || y[0] - x[0]).slice(0, MAX_STORY_CANDIDATES);
      for (const [id] of ranked) {
        decisions++;
        if (sameStory(fp, fps[id])) {
          story[i] = story[id];
          break;
        }
      }
      for (const k of keys) {
        const bucket = index.get(k);
        if (bucket) bucket.push(i);
        else index.set(k, [i]);
      }
    }
    ingestBatches.push(performance.now() - s);
  }
  const ingestSeconds = (performance.now() - t1) / 1000;

  const copies = articles.map((a, i) => [a, i] as const).filter(([a]) => a.copyOf !== null);
  const grouped = copies.filter(([a, i]) => story[i] === story[a.copyOf!]).length;
  const originals = articles.map((a, i) => [a, i] as const).filter(([a]) => a.copyOf === null);
  const wronglyGrouped = originals.filter(([, i]) => story[i] !== i).length;

  const rss = peakRssMb(process.pid);
  const rows: Row[] = [
    {
      operation: 'storyFingerprint (per 1,000 articles)',
      engine: 'node, in process',
      n: articles.length,
      median_ms: percentile(fpBatches, 50),
      p95_ms: percentile(fpBatches, 95),
      p99_ms: percentile(fpBatches, 99),
      throughput: Math.round(articles.length / fpSeconds),
      throughput_unit: 'articles/s',
      peak_rss_mb: rss,
    },
    {
      operation: 'fingerprint + band lookup + sameStory (per 1,000)',
      engine: 'node, in-memory index',
      n: articles.length,
      median_ms: percentile(ingestBatches, 50),
      p95_ms: percentile(ingestBatches, 95),
      p99_ms: percentile(ingestBatches, 99),
      throughput: Math.round(articles.length / ingestSeconds),
      throughput_unit: 'articles/s',
      peak_rss_mb: rss,
    },
  ];
  printTable(`Story detection, ${articles.length} synthetic articles (${copies.length} copies)`, rows);
  const extra = {
    candidates_per_band_lookup: {
      median: percentile(perLookup, 50),
      p95: percentile(perLookup, 95),
      p99: percentile(perLookup, 99),
      max: perLookup.reduce((m, v) => Math.max(m, v), 0),
    },
    candidates_per_article: {
      median: percentile(perArticle, 50),
      p95: percentile(perArticle, 95),
      p99: percentile(perArticle, 99),
      max: perArticle.reduce((m, v) => Math.max(m, v), 0),
    },
    band_keys_per_article: Math.round((perLookup.length / articles.length) * 10) / 10,
    same_story_decisions: decisions,
    copies_grouped_with_their_original: `${grouped}/${copies.length}`,
    originals_grouped_with_another: `${wronglyGrouped}/${originals.length}`,
  };
  console.log(extra);
  writeResults('stories', rows, extra);
}

main();
