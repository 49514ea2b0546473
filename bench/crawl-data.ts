// The crawl both bench/ingest and bench/responsiveness run: 10,000 alerts and 1,000 feeds of
// 100 items each, served by the fake feed server and added through the API as an operator does.
import type pg from 'pg';
import type { FakeFeedServer } from '../test/fakes/feeds.js';
import { api, rng } from './lib.js';

export const FEEDS = 1000;
export const ITEMS_PER_FEED = 100;
export const ALERTS = 10_000;

// A Zipf-like vocabulary: a few words are everywhere, most are rare, as in news text. Alerts
// name rarer words (brands, products, people), so one matches ~0.01–0.05 % of the archive.
const random = rng(7);
export const VOCAB = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
const zipf = () => VOCAB[Math.min(VOCAB.length - 1, Math.floor(Math.pow(random(), 3) * VOCAB.length))];
export const sentence = (n: number) => Array.from({ length: n }, zipf).join(' ');

/** The i-th alert's keywords: one rare word, two, an OR with an exclusion, or a phrase. */
export function alertKeywords(i: number): string {
  const a = VOCAB[5000 + (i % 45_000)];
  const b = VOCAB[5000 + ((i * 7919) % 45_000)];
  switch (i % 4) {
    case 0:
      return `+"${a}"`;
    case 1:
      return `+"${a}" +"${b}"`;
    case 2:
      return `+("${a}" "${b}") -"${VOCAB[3]}"`;
    default:
      return `"${a} ${b}"`;
  }
}

/** `count` active alerts in organization 1, a project each (written directly: setup, not measured). */
export async function seedAlerts(db: pg.Client, count = ALERTS): Promise<{ alertIds: number[] }> {
  const {
    rows: [brand],
  } = await db.query(`insert into clients (organization_id, name) values (1, 'Bench brand') returning id`);
  await db.query(`insert into projects (organization_id, client_id, name) select 1, $1, 'Bench project ' || g from generate_series(1, $2) g`, [
    brand.id,
    count,
  ]);
  const { rows: projectRows } = await db.query<{ id: number }>(`select id from projects where organization_id = 1 order by id`);
  const { rows } = await db.query<{ id: number }>(
    `insert into alerts (organization_id, project_id, name, keywords, min_reach, slack_tracking, slack_webhook_url)
     select 1, p, 'Bench alert ' || k, k, 0.1, false, null from unnest($1::int[], $2::text[]) as t(p, k) returning id`,
    [projectRows.map((p) => p.id), projectRows.map((_, i) => alertKeywords(i))],
  );
  await db.query(`update projects p set alert_id = a.id from alerts a where a.project_id = p.id`);
  return { alertIds: rows.map((r) => Number(r.id)) };
}

/** Serves FEEDS feeds of ITEMS_PER_FEED items each (every fifth Atom), each advertising a WebSub hub. */
export function serveFeeds(feedsServer: FakeFeedServer, now = Date.now()): void {
  for (let f = 0; f < FEEDS; f++) {
    feedsServer.setFeed(`/bench/feed-${f}.xml`, {
      format: f % 5 === 0 ? 'atom' : 'rss',
      title: `Bench outlet ${f}`,
      hub: true,
      etag: true,
      items: Array.from({ length: ITEMS_PER_FEED }, (_, j) => ({
        title: sentence(8),
        url: `https://outlet${f}.example/news/${f}-${j}?utm_source=rss`,
        description: sentence(30),
        published: new Date(now - (f * ITEMS_PER_FEED + j) * 1000),
        author: `Author ${j % 7}`,
      })),
    });
  }
}

/** Adds the served feeds the way an operator does: a website, then its feed (fetched at once). */
export async function addFeedsThroughApi(url: string, token: string, feedsServer: FakeFeedServer): Promise<void> {
  for (let f = 0; f < FEEDS; f++) {
    const w = await api(url, token, 'POST', '/api/websites', {
      data: { type: 'website', attributes: { domain: `outlet${f}.example`, reach: 1 + (f % 9), language: 'en' } },
    });
    await api(url, token, 'POST', '/api/feeds', {
      data: {
        type: 'feed',
        attributes: { feed: `${feedsServer.url}/bench/feed-${f}.xml`, language: 'en', reach: 1 + (f % 9), website_id: Number(w.id), type: 0 },
      },
    });
  }
}

/** Articles the crawl has stored so far: the feeds' counters (cheap; counting the archive is not). */
export async function articlesStored(db: pg.Client): Promise<number> {
  return Number((await db.query(`select coalesce(sum(articles_added), 0) as n from feeds`)).rows[0].n);
}
