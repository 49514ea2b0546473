import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalUrl } from '../common/url.js';
import { indexDocument, matchesQuery } from '../common/query/match.js';
import { parseQuery } from '../common/query/parse.js';
import { articleSearchText } from '../common/query/tokenize.js';
import { login, startBenchDatabase, startServer, type BenchDatabase, type ServerHandle } from '../bench/lib.js';
import { CLAIM_LEASE_SECONDS } from '../server/features/notifications/outbox.js';
import { startFakeFeedServer, type FakeFeedServer } from '../test/fakes/feeds.js';
import { startFakeSlack, type FakeSlack } from '../test/fakes/slack.js';

/**
 * The whole server is killed (SIGKILL, no shutdown: the machine lost) in the middle of a crawl
 * and started again — one `--role=all` process, so the kill hits the crawl itself (the
 * supervisor's own restart of a killed worker child is server/supervisor.test.ts): every
 * article ends up in the archive once, every alert's feed holds exactly its matches, and every
 * match is announced on Slack — nothing lost, nothing doubled but what was on the wire: a
 * webhook has no idempotency key, so a message the dead process had started posting (its rows
 * marked, committed, before the request left) may have reached Slack and is posted again. That
 * is the only repeat a crash can make (docs/decisions.md, "Delivery after a crash").
 */
const FEEDS = 40;
const ITEMS = 150;
const WORDS = ['nebula', 'starfall', 'comet', 'racer', 'studio', 'launch', 'patch', 'review', 'league', 'audio', 'update', 'season'];
const ALERTS = ['+"starfall"', '+"comet racer"', '+("nebula" "audio") -"patch"'];

let feeds: FakeFeedServer;
let slack: FakeSlack;
let database: BenchDatabase;
let server: ServerHandle | null = null;
let db: pg.Client;
const items: { title: string; description: string; url: string }[] = [];

const env = () => ({ DATABASE_URL: database.url, SEED_DEMO: 'false', ALLOW_PRIVATE_NETWORK: 'true', CRAWLER_HOST_CONCURRENCY: '4' });
const count = async (sql: string) => Number((await db.query(sql)).rows[0].n);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  feeds = await startFakeFeedServer();
  slack = await startFakeSlack();
  database = await startBenchDatabase('crash');
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  for (let f = 0; f < FEEDS; f++) {
    const list = Array.from({ length: ITEMS }, (_, i) => ({
      title: `${words(5)} ${f}-${i}`,
      description: words(12),
      // Some articles are carried by two feeds, as syndicated news is.
      url: `https://outlet${f}.example/story/${i}?utm_source=rss`,
    }));
    if (f > 0) list[0] = { ...items[0] };
    if (f === 0) items.push(...list);
    else items.push(...list.slice(1));
    feeds.setFeed(`/crash/feed-${f}.xml`, {
      format: 'rss',
      title: `Outlet ${f}`,
      items: list.map((it, i) => ({ ...it, published: new Date(Date.now() - (f * ITEMS + i) * 60000) })),
    });
  }
}, 180000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await server?.stop().catch(() => {});
  await database?.stop();
  await slack?.close();
  await feeds?.close();
});

describe('a worker killed mid-crawl', () => {
  it('restarts with nothing lost, nothing doubled, every notification sent once', { timeout: 600000 }, async () => {
    server = await startServer(env(), { args: ['--role=all'] });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const token = await login(server.url);
    const {
      rows: [brand],
    } = await db.query(`insert into clients (organization_id, name) values (1, 'Crash brand') returning id`);
    const alertIds: number[] = [];
    for (const [i, keywords] of ALERTS.entries()) {
      const {
        rows: [project],
      } = await db.query(`insert into projects (organization_id, client_id, name) values (1, $1, $2) returning id`, [brand.id, `Crash ${i}`]);
      const {
        rows: [alert],
      } = await db.query(
        `insert into alerts (organization_id, project_id, name, keywords, slack_tracking, slack_webhook_url) values (1, $1, $2, $3, true, $4) returning id`,
        [project.id, `Crash alert ${i}`, keywords, slack.webhookUrl(`crash-${i}`)],
      );
      alertIds.push(alert.id);
    }
    // The operator adds the feeds; each is fetched at once.
    for (let f = 0; f < FEEDS; f++) {
      const post = (path: string, body: unknown) =>
        fetch(`${server!.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
          body: JSON.stringify(body),
        }).then(async (r) => (r.ok ? (await r.json()).data : Promise.reject(new Error(`${path}: ${r.status} ${await r.text()}`))));
      const site = await post('/api/websites', { data: { type: 'website', attributes: { domain: `outlet${f}.example`, reach: 5, language: 'en' } } });
      await post('/api/feeds', {
        data: { type: 'feed', attributes: { feed: `${feeds.url}/crash/feed-${f}.xml`, language: 'en', reach: 5, website_id: Number(site.id), type: 0 } },
      });
    }

    // Kill it while the crawl is under way.
    await until('the crawl to start', async () => (await count('select count(*) as n from articles')) > 0);
    await server.kill();
    await new Promise((r) => setTimeout(r, 300));
    const before = await count('select count(*) as n from articles');
    expect(before).toBeLessThan(items.length);
    // What the dead process was posting when it died, per alert.
    const { rows: onTheWire } = await db.query<{ alert_id: number; url: string }>(
      `select o.alert_id, a.url from notification_outbox o
       join article_keys k on k.article_id = o.article_id join articles a on a.id = k.article_id and a.pub_date = k.pub_date
       where o.status = 'sending' and o.post_started_at is not null`,
    );
    server = await startServer(env(), { args: ['--role=all'] });

    // The restarted worker finishes: feeds not yet fetched are due, interrupted polls are re-run.
    await until('every article', async () => (await count('select count(*) as n from articles')) === items.length, 240000);
    const expected = ALERTS.map((k) => {
      const parsed = parseQuery(k);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return new Set(
        items.filter((it) => matchesQuery(parsed.query, indexDocument(articleSearchText(it.title, it.description)))).map((it) => canonicalUrl(it.url)),
      );
    });
    // Rows a sender had claimed when it was killed wait for its lease to lapse (it may have been
    // posting them: sending them sooner could announce them twice), then for the next minute's run.
    await until(
      'every notification',
      async () =>
        (await count(`select count(*) as n from notification_outbox where status <> 'sent'`)) === 0 &&
        (await count('select count(*) as n from notification_outbox')) === expected.reduce((a, s) => a + s.size, 0),
      (CLAIM_LEASE_SECONDS + 120) * 1000,
    );

    expect(await count('select count(*) - count(distinct url_key) as n from articles')).toBe(0);
    // No article without its key or its search row: the three are written in one transaction.
    expect(await count('select (select count(*) from article_keys) + (select count(*) from article_search) - 2 * count(*) as n from articles')).toBe(0);
    for (const [i, alertId] of alertIds.entries()) {
      const { rows } = await db.query<{ url: string }>(
        `select a.url from alert_articles aa join articles a on a.id = aa.article_id and a.pub_date = aa.pub_date where aa.alert_id = $1`,
        [alertId],
      );
      expect(new Set(rows.map((r) => r.url)), ALERTS[i]).toEqual(expected[i]);
      expect(rows.length).toBe(expected[i].size);
      // Slack got each match of this alert, across however many batched messages; a match twice
      // only if the dead process was posting it, and never three times.
      const announced = slack
        .delivered()
        .filter((d) => d.path.endsWith(`crash-${i}`))
        .flatMap((d) => [...JSON.stringify(d.payload).matchAll(/https:\/\/outlet\d+\.example\/story\/\d+/g)].map((m) => m[0]));
      expect(new Set(announced)).toEqual(expected[i]);
      const times = new Map<string, number>();
      for (const url of announced) times.set(url, (times.get(url) ?? 0) + 1);
      const inFlight = new Set(onTheWire.filter((r) => r.alert_id === alertId).map((r) => canonicalUrl(r.url)));
      const repeated = [...times].filter(([url, n]) => n > 1 && !(n === 2 && inFlight.has(url)));
      expect(repeated, `Slack messages of ${ALERTS[i]}: announced more than once`).toEqual([]);
    }
  });
});
