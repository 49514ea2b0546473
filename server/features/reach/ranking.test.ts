import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { mediaScoreFromRank, visitorsFromRank } from '../../../common/media-score.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeTag } from '../../../test/helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle, makeSavedArticle } from '../../../test/helpers/coverage-factories.js';
import { rankingLines, startFakeRanking, zipOf, type FakeRanking } from '../../../test/fakes/ranking.js';
import { fetchRanking, refreshRankingIfDue } from './ranking.js';

let ctx: TestContext;
let fake: FakeRanking;
let operator: Awaited<ReturnType<typeof makeOrg>>;
let customer: Awaited<ReturnType<typeof makeOrg>>;
const deps = () => ({ db: ctx.deps.db, config: ctx.config, log: silentLog });
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as never;

const PINNED = { 'ign.com': 450, 'kotaku.com': 3_100, 'gamestar.de': 9_000, 'tinyblog.com.br': 640_000, 'www.google.com': 1, 'news.google.com': 5 };
const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await ctx.deps.db.execute(q)).rows as T[];
const website = (domain: string) => ctx.call('GET', `/api/websites/${domain}`, { token: operator.token }).then((r) => r.json().data.attributes);
const addWebsite = (attributes: Record<string, unknown>) =>
  ctx.call('POST', '/api/websites', { token: operator.token, body: { data: { type: 'website', attributes: { language: 'en', ...attributes } } } });
const ranking = () => ctx.call('GET', '/api/operator/ranking', { token: operator.token });

beforeAll(async () => {
  fake = await startFakeRanking({ body: rankingLines(100_000, PINNED) });
  ctx = await createTestContext(fake.env);
  operator = await makeOrg(ctx, { name: 'Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
  customer = await makeOrg(ctx, { name: 'Aurora Interactive' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('before any ranking', () => {
  it('scores a website added without a score 0.1 and says why; a typed score is the person’s', async () => {
    expect((await addWebsite({ domain: 'ign.com' })).statusCode).toBe(201);
    expect(await website('ign.com')).toMatchObject({
      reach: 0.1,
      reach_source: 'default',
      rank: null,
      muv: null,
      muv_source: null,
      reach_basis: 'No traffic ranking imported yet → 0.1',
    });
    const typed = await addWebsite({ domain: 'kotaku.com', reach: 4.2, muv: 1_234_000 });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.attributes).toMatchObject({
      reach: 4.2,
      reach_source: 'manual',
      'reach-manual': true,
      muv: 1_234_000,
      muv_source: 'manual',
      reach_set_by: expect.any(String),
    });
    expect((await addWebsite({ domain: 'gamestar.de', language: 'de', reach: null })).statusCode).toBe(201);
    expect((await addWebsite({ domain: 'tinyblog.com.br', language: 'pt' })).statusCode).toBe(201);
    expect((await addWebsite({ domain: 'nobody-ranks-me.example' })).statusCode).toBe(201);
    expect((await addWebsite({ domain: 'news.google.com' })).statusCode).toBe(201);
    const status = (await ranking()).json().data.attributes;
    expect(status).toMatchObject({ state: 'none', list_date: null, domains: 0, url_configured: true, auto_update: false });
  });

  it('is the platform operator’s: anyone else gets a 404', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { data: { type: 'ranking', attributes: { auto_update: true } } }],
    ] as const) {
      const res = await ctx.call(method, '/api/operator/ranking', { token: customer.token, body });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await ctx.call('POST', '/api/operator/ranking', { token: customer.token, headers: { 'content-type': 'multipart/form-data; boundary=x' } })).statusCode,
    ).toBe(404);
  });
});

describe('a ranking from RANKING_URL', () => {
  it('imports and carries the scores to websites, archive articles, feed rows and saved coverage', async () => {
    const ign = await website('ign.com');
    const alert = await makeAlert(ctx, customer.org.id, { keywords: '"skyward"' });
    const tag = await makeTag(ctx, customer.org.id, alert.projectId);
    const a1 = await makeArchiveArticle(ctx, {
      websiteId: Number(ign.id ?? 0) || (await rows<{ id: number }>(sql`select id from websites where domain = 'ign.com'`))[0].id,
      reach: 0.1,
      title: 'Skyward Saga review',
    });
    await addToFeed(ctx, alert, [a1]);
    const saved = await makeSavedArticle(ctx, customer.org.id, { projectId: alert.projectId, tagId: tag.id, article: a1 });
    const kept = await makeSavedArticle(ctx, customer.org.id, {
      projectId: alert.projectId,
      tagId: tag.id,
      article: await makeArchiveArticle(ctx, { websiteId: a1.websiteId, reach: 0.1, title: 'Skyward Saga preview' }),
    });
    await ctx.deps.db.execute(sql`update saved_articles set website_id = ${a1.websiteId}, reach = 2.5, reach_manual = true where id = ${kept.id}`);
    await ctx.deps.db.execute(sql`update saved_articles set website_id = ${a1.websiteId} where id = ${saved.id}`);

    const outcome = await fetchRanking(deps(), 'url');
    expect(outcome).toMatchObject({ ok: true, list: { domains: 99_999, lines: 100_000 } });

    const status = (await ranking()).json().data.attributes;
    expect(status).toMatchObject({ state: 'ok', source: 'url', list_date: '2026-11-20', domains: 99_999, skipped: 1, source_url: fake.env.RANKING_URL });
    expect(status.imported_at).toEqual(expect.any(String));
    expect(status.rescored_at).toEqual(expect.any(String));
    expect(status).toMatchObject({ websites_ranked: 3, websites_manual: 1, websites_unranked: 2 });

    const score = mediaScoreFromRank(450);
    expect(await website('ign.com')).toMatchObject({
      rank: 450,
      reach: score,
      reach_source: 'ranking',
      rank_list_date: '2026-11-20',
      muv: visitorsFromRank(450),
      muv_source: 'estimate',
      reach_basis: `Tranco rank 450 on 2026-11-20 → ${score}`,
    });
    // A better rank never scores lower; a subdomain counts as its registrable domain (google.com at 1, not news.google.com's 5).
    const [gamestar, tiny, google, nobody, kotaku] = await Promise.all(
      ['gamestar.de', 'tinyblog.com.br', 'news.google.com', 'nobody-ranks-me.example', 'kotaku.com'].map(website),
    );
    expect(gamestar).toMatchObject({ rank: 9_000, reach_source: 'ranking' });
    expect(score).toBeGreaterThanOrEqual(gamestar.reach);
    expect(gamestar.reach).toBeGreaterThanOrEqual(tiny.reach);
    expect(google).toMatchObject({ rank: 1, reach: 10 });
    expect(nobody).toMatchObject({ rank: null, reach: 0.1, reach_source: 'default', reach_basis: 'Not in the Tranco list of 2026-11-20 → 0.1' });
    // The typed score and visitors survive the import, flagged with who typed them.
    expect(kotaku).toMatchObject({ rank: 3_100, reach: 4.2, reach_source: 'manual', muv: 1_234_000, muv_source: 'manual' });
    expect(kotaku.reach_basis).toMatch(/^Typed by .+ on \d{4}-\d{2}-\d{2}/);

    const views = Math.min(1_000_000, Math.round(visitorsFromRank(450)! * 0.001));
    const [article] = await rows<{ reach: number; muv: number; estimated_views: number }>(
      sql`select reach, muv, estimated_views from articles where id = ${a1.id}`,
    );
    expect(article).toMatchObject({ reach: score, muv: visitorsFromRank(450), estimated_views: views });
    const [search] = await rows<{ reach: number }>(sql`select reach from article_search where id = ${a1.id}`);
    expect(search.reach).toBe(score);
    const [feedRow] = await rows<{ reach: number }>(sql`select reach from alert_articles where article_id = ${a1.id}`);
    expect(feedRow.reach).toBe(score);
    const savedRows = await rows<{ id: number; reach: number; reach_manual: boolean }>(
      sql`select id, reach, reach_manual from saved_articles where id in (${saved.id}, ${kept.id}) order by id`,
    );
    expect(savedRows).toEqual([
      { id: saved.id, reach: score, reach_manual: false },
      { id: kept.id, reach: 2.5, reach_manual: true },
    ]);
  });

  it('scores a website added later at once, from the current list', async () => {
    // The generated list names rank 770 `site770.com`.
    const res = await addWebsite({ domain: 'www.site770.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ domain: 'site770.com', rank: 770, reach: mediaScoreFromRank(770), reach_source: 'ranking' });
  });

  it('gives a manual score back to the ranking, and typed visitors back to the estimate', async () => {
    const res = await ctx.call('PATCH', '/api/websites/kotaku.com', {
      token: operator.token,
      body: { data: { type: 'website', attributes: { reach_manual: false, muv: null } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      rank: 3_100,
      reach: mediaScoreFromRank(3_100),
      reach_source: 'ranking',
      muv: visitorsFromRank(3_100),
      muv_source: 'estimate',
      reach_set_by: null,
    });
  });

  it('keeps the last list when the next one is an error page, an unreachable address or junk, and says why', async () => {
    const before = (await ranking()).json().data.attributes;
    fake.failWith = 503;
    expect(await fetchRanking(deps(), 'url')).toMatchObject({ ok: false, error: expect.stringMatching(/answered 503.*last list stays/) });
    fake.failWith = null;
    fake.body = '<!doctype html><html><head><title>Login</title></head><body>Please sign in</body></html>';
    expect(await fetchRanking(deps(), 'url')).toMatchObject({ ok: false, error: expect.stringMatching(/not a ranking/) });
    const after = (await ranking()).json().data.attributes;
    expect(after).toMatchObject({
      state: 'failed',
      last_error: expect.stringMatching(/not a ranking/),
      list_date: before.list_date,
      domains: before.domains,
      imported_at: before.imported_at,
    });
    expect((await website('ign.com')).rank).toBe(450);
    const partitions = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_inherits i join pg_class p on p.oid = i.inhparent where p.relname = 'ranking_entries'`,
    );
    expect(partitions[0].n).toBe(1);
  });

  it('replaces the list atomically with a new one (the old entries are dropped)', async () => {
    fake.body = rankingLines(2_000, { 'ign.com': 90 });
    const outcome = await fetchRanking(deps(), 'url');
    expect(outcome).toMatchObject({ ok: true, list: { domains: 2_000 } });
    expect(await website('ign.com')).toMatchObject({ rank: 90, reach: mediaScoreFromRank(90) });
    expect(mediaScoreFromRank(90)).toBeGreaterThanOrEqual(9);
    expect(await website('gamestar.de')).toMatchObject({ rank: null, reach: 0.1, reach_source: 'default' });
    const lists = await rows<{ current: boolean }>(sql`select current from ranking_lists order by id`);
    expect(lists.filter((l) => l.current)).toHaveLength(1);
    const partitions = await rows<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'ranking_entries'`,
    );
    expect(partitions).toHaveLength(1);
  });
});

describe('an uploaded list and daily Tranco updates', () => {
  it('imports an uploaded ZIP in the background and shows it', async () => {
    const zip = zipOf('top-1m.csv', rankingLines(3_000, { 'ign.com': 120 }));
    const boundary = 'cwboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tranco_Z7QPX-1m.csv.zip"\r\nContent-Type: application/zip\r\n\r\n`),
      zip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/operator/ranking',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.attributes.state).toBe('importing');
    let status = res.json().data.attributes;
    for (let i = 0; i < 100 && status.state === 'importing'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await ranking()).json().data.attributes;
    }
    expect(status).toMatchObject({
      state: 'ok',
      source: 'upload',
      source_url: 'tranco_Z7QPX-1m.csv.zip',
      tranco_id: 'Z7QPX',
      list_url: 'https://tranco-list.eu/list/Z7QPX/',
      domains: 3_000,
    });
    expect((await website('ign.com')).rank).toBe(120);
  });

  it('refuses an upload without a file, naming the field', async () => {
    const boundary = 'cwb2';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/operator/ranking',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe('/file');
  });

  it('fetches Tranco only once the operator switches daily updates on', async () => {
    const noUrl = { ...ctx.config, ranking: { ...ctx.config.ranking, url: undefined } };
    const requestsBefore = fake.requests.length;
    expect(await refreshRankingIfDue({ ...deps(), config: noUrl })).toBeNull();
    expect(fake.requests.length).toBe(requestsBefore);

    const on = await ctx.call('PATCH', '/api/operator/ranking', {
      token: operator.token,
      body: { data: { type: 'ranking', attributes: { auto_update: true } } },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.attributes.auto_update).toBe(true);
    fake.trancoId = 'Q4NXL';
    fake.body = rankingLines(5_000, { 'ign.com': 60 });
    const outcome = await refreshRankingIfDue({ ...deps(), config: noUrl });
    expect(outcome).toMatchObject({ ok: true, list: { domains: 5_000 } });
    expect(fake.requests.some((r) => /^\/daily_list_id\?date=\d{4}-\d{2}-\d{2}&subdomains=false$/.test(r))).toBe(true);
    expect(fake.requests).toContain('/download/Q4NXL/1000000');
    expect((await ranking()).json().data.attributes).toMatchObject({ source: 'tranco', tranco_id: 'Q4NXL', list_url: 'https://tranco-list.eu/list/Q4NXL/' });
    // Done for today: the next check fetches nothing.
    expect(await refreshRankingIfDue({ ...deps(), config: noUrl })).toBeNull();
  });

  it('refuses a bad switch with the field named', async () => {
    const res = await ctx.call('PATCH', '/api/operator/ranking', {
      token: operator.token,
      body: { data: { type: 'ranking', attributes: { auto_update: 'yes' } } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe('/data/attributes/auto_update');
  });
});
