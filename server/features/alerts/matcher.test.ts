import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { indexDocument, matchesQuery } from '../../../common/query/match.js';
import { parseQuery } from '../../../common/query/parse.js';
import { articleSearchText } from '../../../common/query/tokenize.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { alertArticles, alerts, notificationOutbox } from '../../db/schema/coverage.js';
import { ingestItems } from '../crawler/service.js';
import { AlertIndex, backfillAlert, getAlertIndex, type AlertRow } from './matcher.js';

/** A small deterministic PRNG (mulberry32): the generated data is the same on every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCAB = [
  'acme',
  'zelda',
  'tears',
  'kingdom',
  'mario',
  'kart',
  'nintendo',
  'switch',
  'sony',
  'playstation',
  'xbox',
  'game',
  'games',
  'gamer',
  'review',
  'news',
  'launch',
  'price',
  'café',
  'école',
];

function generate(seed: number) {
  const r = rng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  const term = (): string => {
    const x = r();
    if (x < 0.15) return `"${pick(VOCAB)} ${pick(VOCAB)}"`;
    if (x < 0.25) return `${pick(VOCAB).slice(0, 3)}*`;
    return pick(VOCAB);
  };
  const query = (depth = 0): string => {
    const x = r();
    if (depth > 2 || x < 0.35) return term();
    if (x < 0.55) return `${query(depth + 1)} OR ${query(depth + 1)}`;
    if (x < 0.75) return `${query(depth + 1)} AND ${query(depth + 1)}`;
    if (x < 0.85) return `${term()} -${term()}`;
    if (x < 0.92) return `(${query(depth + 1)}) ${term()}`;
    return `+${term()} ${term()}`;
  };
  const alerts: AlertRow[] = Array.from({ length: 400 }, (_, i) => ({
    id: i + 1,
    organizationId: 1 + (i % 3),
    minReach: pick([0.1, 2, 5, 8]),
    keywords: query(),
  }));
  const docs = Array.from({ length: 300 }, () => ({
    text: Array.from({ length: 3 + Math.floor(r() * 12) }, () => (r() < 0.1 ? 'Zelda: Tears-of the KINGDOM!' : pick(VOCAB))).join(' '),
    reach: Math.round(r() * 100) / 10,
  }));
  return { alerts, docs };
}

describe('AlertIndex', () => {
  it('matches exactly what a brute-force loop over every alert matches', () => {
    for (const seed of [1, 2, 3]) {
      const { alerts, docs } = generate(seed);
      const index = new AlertIndex(alerts);
      const parsed = alerts.map((a) => ({ a, p: parseQuery(a.keywords) })).filter((x) => x.p.ok);
      expect(index.size).toBe(parsed.length);
      let total = 0;
      for (const d of docs) {
        const doc = indexDocument(d.text);
        const expected = parsed
          .filter(({ a, p }) => a.minReach <= d.reach && p.ok && matchesQuery(p.query, doc))
          .map(({ a }) => a.id)
          .sort((x, y) => x - y);
        const got = index
          .match(doc, d.reach)
          .map((a) => a.id)
          .sort((x, y) => x - y);
        expect(got).toEqual(expected);
        total += got.length;
      }
      // The generated data must actually exercise matching.
      expect(total).toBeGreaterThan(100);
    }
  });

  it('checks an article against a few candidates, not every alert', () => {
    const alerts: AlertRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      organizationId: 1,
      minReach: 0.1,
      keywords: `brand${i} OR "model${i} ed"`,
    }));
    alerts.push({ id: 20_000, organizationId: 1, minReach: 0.1, keywords: 'nintend*' });
    const index = new AlertIndex(alerts);
    const doc = indexDocument('brand42 launches the model7 ed on the nintendo store');
    expect(
      index
        .candidates(doc.positions.keys())
        .map((a) => a.id)
        .sort((a, b) => a - b),
    ).toEqual([8, 43, 20_000]);
    expect(
      index
        .match(doc, 1)
        .map((a) => a.id)
        .sort((a, b) => a - b),
    ).toEqual([8, 43, 20_000]);
  });

  it('reuses the previous index for unchanged alerts and re-parses changed ones', () => {
    const before = new AlertIndex([
      { id: 1, organizationId: 1, minReach: 0.1, keywords: 'heron' },
      { id: 2, organizationId: 1, minReach: 0.1, keywords: 'egret' },
    ]);
    const after = new AlertIndex(
      [
        { id: 1, organizationId: 1, minReach: 5, keywords: 'heron' },
        { id: 2, organizationId: 1, minReach: 0.1, keywords: 'stork' },
      ],
      before,
    );
    expect(after.candidates(['egret'])).toEqual([]);
    expect(after.candidates(['stork']).map((a) => a.id)).toEqual([2]);
    expect(after.match(indexDocument('a heron'), 1)).toEqual([]);
    expect(after.match(indexDocument('a heron'), 6).map((a) => a.id)).toEqual([1]);
  });

  it('leaves out alerts whose stored keywords do not parse', () => {
    const index = new AlertIndex([
      { id: 1, organizationId: 1, minReach: 0.1, keywords: '"unbalanced' },
      { id: 2, organizationId: 1, minReach: 0.1, keywords: 'ok' },
    ]);
    expect(index.size).toBe(1);
    expect(index.invalid).toEqual([1]);
  });
});

describe('getAlertIndex and backfillAlert', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  });
  afterAll(() => ctx?.close());

  it('rebuilds the index when alerts change', async () => {
    const { org } = await makeOrg(ctx);
    const first = await getAlertIndex(ctx.deps.db);
    expect(await getAlertIndex(ctx.deps.db)).toBe(first);
    const alert = await makeAlert(ctx, org.id, { keywords: 'pelican' });
    const second = await getAlertIndex(ctx.deps.db);
    expect(second).not.toBe(first);
    expect(second.candidates(['pelican']).map((a) => a.id)).toEqual([alert.id]);
    await ctx.deps.db
      .update(alerts)
      .set({ keywords: 'cormorant', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(alerts.id, alert.id));
    const third = await getAlertIndex(ctx.deps.db);
    expect(third.candidates(['pelican'])).toEqual([]);
    expect(third.candidates(['cormorant']).map((a) => a.id)).toEqual([alert.id]);
  });

  it('fills an alert feed from the last two months of the archive, agreeing with the matcher, without notifications', async () => {
    const { org } = await makeOrg(ctx);
    const { docs } = generate(7);
    const w = await makeWebsite(ctx, { reach: 3 });
    const f = await makeFeed(ctx, w.id);
    const feed = { id: f.id, type: 0, language: 'en', website: { id: w.id, language: 'en', reach: 3, muv: null, isMetacritic: false } };
    const now = new Date();
    const items = docs.map((d, i) =>
      feedItem({ url: `https://backfill.example/${i}`, title: d.text, description: '', published: new Date(now.getTime() - i * 3600_000) }),
    );
    items.push(feedItem({ url: 'https://backfill.example/old', title: 'zelda tears kingdom acme', published: new Date(now.getTime() - 70 * 86400_000) }));
    await ingestItems(ctx.deps.db, feed, items, now);

    const keywords = ['zelda OR mario', '"tears kingdom" -review', 'nin* AND switch', 'acme'];
    for (const k of keywords) {
      const alert = await makeAlert(ctx, org.id, { keywords: k, minReach: 0.1, slackWebhookUrl: 'http://127.0.0.1:9/services/T/B/Z' });
      const r = await backfillAlert(ctx.deps.db, org.id, alert.id, { now });
      const parsed = parseQuery(k);
      if (!parsed.ok) throw new Error(k);
      const expected = docs.filter((d) => matchesQuery(parsed.query, indexDocument(articleSearchText(d.text, '')))).length;
      expect(r.matched).toBe(expected);
      const [{ n }] = await ctx.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(alertArticles)
        .where(eq(alertArticles.alertId, alert.id));
      expect(n).toBe(expected);
      const outbox = await ctx.deps.db.select().from(notificationOutbox).where(eq(notificationOutbox.alertId, alert.id));
      expect(outbox).toEqual([]);
      // Again: nothing new.
      expect((await backfillAlert(ctx.deps.db, org.id, alert.id, { now })).matched).toBe(0);
    }

    // Re-keyworded with prune: entries the new keywords miss go, user-deleted ones stay hidden.
    const alert = await makeAlert(ctx, org.id, { keywords: 'zelda' });
    await backfillAlert(ctx.deps.db, org.id, alert.id, { now });
    await ctx.deps.db.update(alerts).set({ keywords: 'mario' }).where(eq(alerts.id, alert.id));
    const r = await backfillAlert(ctx.deps.db, org.id, alert.id, { now, prune: true });
    expect(r.pruned).toBeGreaterThan(0);
    const rows = await ctx.deps.db.execute<{ title: string }>(
      sql`select a.title from alert_articles aa join articles a on a.id = aa.article_id and a.pub_date = aa.pub_date where aa.alert_id = ${alert.id}`,
    );
    expect(rows.rows.length).toBe(r.matched + (await countBoth()));
    expect(rows.rows.every((x) => /mario/i.test(x.title))).toBe(true);

    async function countBoth() {
      // Articles with both words survive the prune and are not re-inserted.
      return docs.filter((d) => /zelda/i.test(d.text) && /mario/i.test(d.text)).length;
    }

    // Another organization's id: nothing happens.
    const other = await makeOrg(ctx);
    expect(await backfillAlert(ctx.deps.db, other.org.id, alert.id, { now })).toEqual({ matched: 0, pruned: 0 });
  });
});
