import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { addDays, utcDay } from '../common/schemas/supersearch.js';
import { toTsvectorLiteral } from '../common/query/postgres.js';
import { articleSearchText, tokenize } from '../common/query/tokenize.js';
import { canonicalUrl } from '../common/url.js';
import { migrateDatabase } from '../server/db/migrate.js';
import { createSearchDatabase } from '../server/db/search-db.js';
import { writeArchiveArticles, type ArchiveArticle } from '../server/features/crawler/archive-store.js';
import { reportBody, reportWorkspace } from '../server/features/reports/test-fixtures.js';
import { exportReadPool, runSupersearchExport } from '../server/features/supersearch/export.js';
import { urlKey } from '../server/net/url-key.js';
import { withDatabase } from './global-setup.js';
import { appOnDatabase, type TestContext } from './helpers/app.js';
import { makeOrg } from './helpers/factories.js';
import { startStandby, standbyUnavailable, waitForReplay, type Standby } from './helpers/standby.js';

/**
 * SEARCH_DATABASE_URL on a real hot standby (issue 17): a streaming-replication standby of the
 * machine's PostgreSQL (pg_basebackup -R, a second port) serves Super Search, the CSV export and
 * the public report while ingest writes to the primary. Each read is shown to come from the
 * standby twice over: its sessions are the standby's (application_name), and with replay paused
 * it does not see what the primary just wrote.
 */
const PRIMARY = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const missing = await standbyUnavailable(PRIMARY);
if (missing) console.warn(`test/replica.test.ts skipped: ${missing}`);

const today = utcDay();
const noonDaysAgo = (n: number) => new Date(`${addDays(today, -n)}T12:00:00Z`);
const dbName = `cw_replica_${process.pid}_${randomBytes(4).toString('hex')}`;
const dbUrl = withDatabase(PRIMARY, dbName);

let standby: Standby | null = null;
let onStandby: pg.Pool;
let onPrimary: pg.Pool;
let viaStandby: TestContext;
let primaryContext: TestContext | null = null;
const contexts: TestContext[] = [];
let org: Awaited<ReturnType<typeof makeOrg>>;
let seq = 0;

/** The app on the primary database, its Super Search, export and public report on `searchUrl` when given. */
async function appContext(searchUrl?: string): Promise<TestContext> {
  const ctx = await appOnDatabase(dbUrl, {
    // Totals on the first page always: what is compared here is the answer, not its timing.
    SEARCH_TOTAL_WAIT_MS: '20000',
    DATABASE_STATEMENT_TIMEOUT_MS: '20000',
    ...(searchUrl ? { SEARCH_DATABASE_URL: searchUrl } : {}),
  });
  contexts.push(ctx);
  return ctx;
}

/** The same app without SEARCH_DATABASE_URL: what the primary answers (made once the standby's sessions are checked). */
async function primaryApp(): Promise<TestContext> {
  primaryContext ??= await appContext();
  return primaryContext;
}

/** Archive articles as ingest stores them, `word` in each title, one per day going back from `fromDay`. */
function articlesOf(word: string, n: number, fromDay = 0): ArchiveArticle[] {
  return Array.from({ length: n }, (_, i) => {
    const url = canonicalUrl(`https://replica.example.com/${word}-${seq++}`);
    const title = `${word} zenith ${i}`;
    return {
      urlKey: urlKey(url),
      url,
      fullUrl: url,
      title,
      description: '',
      language: 'en',
      reach: 1 + (i % 9),
      pubDate: noonDaysAgo(fromDay + (i % 70)),
      search: toTsvectorLiteral(tokenize(articleSearchText(title, ''))),
    };
  });
}
const write = (rows: ArchiveArticle[]) => viaStandby.deps.db.transaction((tx) => writeArchiveArticles(tx, rows));

const search = (ctx: TestContext, body: Record<string, unknown>, page?: string | null) =>
  ctx.call('POST', '/api/supersearch', {
    token: org.token,
    body: {
      organization_id: String(org.org.id),
      from_date: addDays(today, -80),
      to_date: today,
      page_size: 25,
      ...body,
      ...(page ? { search_after: page } : {}),
    },
  });
const volume = (ctx: TestContext, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/supersearch/volume', {
    token: org.token,
    body: { organization_id: String(org.org.id), from_date: addDays(today, -80), to_date: today, ...body },
  });

/** The standby's client sessions on the test database with that application_name. */
async function standbySessions(applicationName: string): Promise<number> {
  const { rows } = await onStandby.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2', [
    dbName,
    applicationName,
  ]);
  return rows[0].n;
}

describe.skipIf(!!missing)('Super Search, exports and public reports on a hot standby', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PRIMARY });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    await migrateDatabase(dbUrl);
    // A statement the standby's replay has to wait for is cancelled after 1 s (recovery conflicts happen quickly here).
    standby = await startStandby(PRIMARY, { max_standby_streaming_delay: '1s' });
    onStandby = new pg.Pool({ connectionString: standby.url(dbName), max: 2 });
    onStandby.on('error', () => {});
    onPrimary = new pg.Pool({ connectionString: dbUrl, max: 2 });
    viaStandby = await appContext(standby.url(dbName));
    org = await makeOrg(viaStandby, { plan: 'pro' });
    await write([...articlesOf('starloom', 150), ...articlesOf('nebula', 60, 5)]);
    // The first search must find these on the standby: wait until it has replayed them.
    await waitForReplay(onPrimary, onStandby);
  }, 360_000);

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    await onStandby?.end().catch(() => undefined);
    await onPrimary?.end().catch(() => undefined);
    await standby?.destroy();
    const admin = new pg.Client({ connectionString: PRIMARY });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 120_000);

  it('searches on the standby while ingest writes to the primary, and answers what the primary answers once replayed', async () => {
    let ingesting = true;
    let batches = 0;
    const ingest = (async () => {
      while (ingesting) {
        await write(articlesOf('starloom', 20, batches % 70));
        batches++;
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    try {
      // Searches for 3 s: about twenty ingest batches land meanwhile.
      for (const end = Date.now() + 3000; Date.now() < end;) {
        const first = await search(viaStandby, { search: 'starloom' });
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json().data, first.body).toHaveLength(25);
        const next = await search(viaStandby, { search: 'starloom' }, first.json().meta.nextPage);
        expect(next.statusCode, next.body).toBe(200);
        expect((await volume(viaStandby, { search: 'starloom OR nebula' })).statusCode).toBe(200);
      }
    } finally {
      ingesting = false;
      await ingest;
    }
    expect(batches).toBeGreaterThan(5);
    // The searches ran on the standby's connections, none on the primary's.
    expect(await standbySessions('coverwatch-search')).toBeGreaterThan(0);
    const onMain = await onPrimary.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'coverwatch-search'`,
      [dbName],
    );
    expect(onMain.rows[0].n).toBe(0);

    await waitForReplay(onPrimary, onStandby);
    // Super Search reuses a query's counts for a while (COUNTS_TTL_MS) in each process, on the
    // primary as on a standby: the comparison is between two processes that have not searched yet.
    const fresh = await appContext(standby!.url(dbName));
    const viaPrimary = await primaryApp();
    const stored = (await onPrimary.query<{ n: number }>(`select count(*)::int as n from articles where title like 'starloom%'`)).rows[0].n;
    for (const body of [
      { search: 'starloom', from_date: addDays(today, -79) },
      { search: 'nebula', from_date: addDays(today, -79), sort_order: 'asc' },
      { search: 'starloom OR nebula', from_date: addDays(today, -78), sort_fields: 'relevance' },
    ]) {
      const [a, b] = [await search(fresh, body), await search(viaPrimary, body)];
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toEqual(b.json());
      expect(a.json().meta.total).toBeGreaterThan(0);
      const [a2, b2] = [await search(fresh, body, a.json().meta.nextPage), await search(viaPrimary, body, b.json().meta.nextPage)];
      expect(a2.json()).toEqual(b2.json());
      const [va, vb] = [await volume(fresh, body), await volume(viaPrimary, body)];
      expect(va.statusCode, va.body).toBe(200);
      expect(va.json()).toEqual(vb.json());
      expect(va.json().meta.total).toBe(a.json().meta.total);
    }
    // Every article the loop wrote is counted: the whole range holds them all.
    const all = await volume(fresh, { search: 'starloom', from_date: addDays(today, -77) });
    expect(all.json().meta.total).toBe(
      stored -
        (
          await onPrimary.query<{ n: number }>(`select count(*)::int as n from articles where title like 'starloom%' and pub_date < $1`, [
            `${addDays(today, -77)}T00:00:00Z`,
          ])
        ).rows[0].n,
    );
  }, 120_000);

  it('reads from the standby: with replay paused, new articles are on the primary only, for the search and the export', async () => {
    await onStandby.query('select pg_wal_replay_pause()');
    try {
      await write(articlesOf('quasar', 3));
      const body = { search: 'quasar', from_date: addDays(today, -10) };
      expect((await search(viaStandby, body)).json().meta.total).toBe(0);
      expect((await search(await primaryApp(), body)).json().meta.total).toBe(3);

      const queued = await viaStandby.call('POST', '/api/supersearch/export_csv', {
        token: org.token,
        body: { search: 'quasar', from_date: addDays(today, -10), to_date: today, organization_id: String(org.org.id), to_email: 'press@example.test' },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      // The export's row is written on the primary, though the rows it exports are read on the standby.
      const id = queued.json().data.id as string;
      const pool = exportReadPool(viaStandby.deps.pool, viaStandby.config);
      try {
        const deps = { db: viaStandby.deps.db, pool, storage: viaStandby.deps.storage, config: viaStandby.config, log: { info() {}, warn() {}, error() {} } };
        expect(await runSupersearchExport(deps, id)).toEqual({ status: 'done', rows: 0 });
        expect(await standbySessions('coverwatch-export')).toBe(1);
        await onStandby.query('select pg_wal_replay_resume()');
        await waitForReplay(onPrimary, onStandby);
        const again = await viaStandby.call('POST', '/api/supersearch/export_csv', {
          token: org.token,
          body: { search: 'quasar', from_date: addDays(today, -10), to_date: today, organization_id: String(org.org.id), to_email: 'press@example.test' },
        });
        expect(await runSupersearchExport(deps, again.json().data.id)).toEqual({ status: 'done', rows: 3 });
      } finally {
        await pool.end();
      }
      expect((await search(viaStandby, { ...body, from_date: addDays(today, -9) })).json().meta.total).toBe(3);
    } finally {
      await onStandby.query('select pg_wal_replay_resume()');
    }
  }, 60_000);

  it("reads a public report's view from the standby; a report published since the last replay from the primary", async () => {
    const ws = await reportWorkspace(viaStandby);
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    await ws.save({ tagId: ws.tags.news.id, date: '2024-03-03T10:00:00Z' });
    const created = await viaStandby.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { name: 'Standby report' }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    await waitForReplay(onPrimary, onStandby);
    const articles = (ctx: TestContext, reportId = id) => ctx.call('GET', `/api/p/articles?filter[report_id]=${reportId}`);
    expect((await viaStandby.call('GET', `/api/p/reports/${id}`)).json().data.attributes.totals.articles).toBe(2);
    expect(await standbySessions('coverwatch-report')).toBeGreaterThan(0);

    await onStandby.query('select pg_wal_replay_pause()');
    try {
      await ws.save({ tagId: ws.tags.news.id, date: '2024-03-04T10:00:00Z' });
      expect((await viaStandby.call('GET', `/api/p/reports/${id}`)).json().data.attributes.totals.articles).toBe(2);
      expect((await (await primaryApp()).call('GET', `/api/p/reports/${id}`)).json().data.attributes.totals.articles).toBe(3);
      expect((await articles(viaStandby)).json().data).toHaveLength(2);
      expect((await articles(await primaryApp())).json().data).toHaveLength(3);
      // Published after the standby stopped replaying: its link works at once, read from the primary.
      const fresh = await viaStandby.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { name: 'Fresh report' }) });
      expect(fresh.statusCode, fresh.body).toBe(201);
      const shown = await viaStandby.call('GET', `/api/p/reports/${fresh.json().data.id}`);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().data.attributes).toMatchObject({ name: 'Fresh report', totals: { articles: 3 } });
      expect((await articles(viaStandby, fresh.json().data.id)).json().data).toHaveLength(3);
    } finally {
      await onStandby.query('select pg_wal_replay_resume()');
    }
    await waitForReplay(onPrimary, onStandby);
    expect((await viaStandby.call('GET', `/api/p/reports/${id}`)).json().data.attributes.totals.articles).toBe(3);
  }, 60_000);

  it('runs a search statement the standby cancelled for a recovery conflict once more', async () => {
    const reads = createSearchDatabase(viaStandby.deps.pool, { url: standby!.url(dbName), timeoutMs: 20_000, max: 1 });
    try {
      // The statement holds archive_months for 2.5 s; the primary's exclusive lock on it, taken after
      // 1 s and replayed, cancels it (at most max_standby_streaming_delay later); the second run
      // takes 2.5 s more, so the answer comes after 3.5 s rather than 2.5.
      const started = Date.now();
      const statement = reads.db.execute<{ months: number }>(sql`select (select count(*)::int from archive_months) as months, pg_sleep(2.5)`);
      await new Promise((r) => setTimeout(r, 1000));
      await onPrimary.query('begin; lock table archive_months in access exclusive mode; commit');
      const { rows } = await statement;
      expect(rows[0].months).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
    } finally {
      await reads.close();
    }
  }, 60_000);

  it('refuses writes on the standby', async () => {
    await expect(onStandby.query(`insert into archive_months (month, version) values ('1999-01-01', 0)`)).rejects.toMatchObject({ code: '25006' });
  });

  it('answers 503 for reads on a standby that is down, while the rest works on the primary', async () => {
    const ws = await reportWorkspace(viaStandby);
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    const created = await viaStandby.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { name: 'Down report' }) });
    await waitForReplay(onPrimary, onStandby);
    await standby!.stop();
    const started = Date.now();
    for (const res of [
      await search(viaStandby, { search: 'starloom', from_date: addDays(today, -60) }),
      await volume(viaStandby, { search: 'nebula', from_date: addDays(today, -60) }),
      await viaStandby.call('GET', `/api/p/reports/${created.json().data.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errors).toEqual([expect.objectContaining({ status: '503', code: 'unavailable' })]);
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    // The signed-in screens read the primary.
    const list = await viaStandby.call('GET', `/api/reports?filter[project_id]=${ws.project.id}`, { token: ws.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
  }, 60_000);
});
