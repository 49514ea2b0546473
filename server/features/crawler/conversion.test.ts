import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toTsvectorLiteral } from '../../../common/query/postgres.js';
import { articleSearchText, tokenize } from '../../../common/query/tokenize.js';
import { migrationsFolder } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { withDatabase } from '../../../test/global-setup.js';
import { convertArchive, type ConversionLog } from './conversion.js';

/**
 * An installation upgraded with an archive: a database at migration 0015 (the last before the
 * monthly partitions) holding articles, feeds, saved coverage and notifications, migrated to the
 * latest and converted in small batches, interrupted once and resumed, as a start that is killed
 * and started again would.
 */

const ARTICLES = 300;
const WORDS = ['nintendo', 'zelda', 'studio', 'launch', 'review', 'trailer', 'patch', 'sales', 'indie', 'esports', 'déjà', 'console'];
const created: string[] = [];
let adminUrl: string;

/** A migrations folder that stops at 0015: the layout an installation had before the upgrade. */
function migrationsUpTo0015(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-migrations-0015-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, 16);
  expect(journal.entries.at(-1)!.tag).toBe('0015_process_metrics');
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function oldDatabase(): Promise<{ url: string; client: pg.Client }> {
  const name = `cw_t_${process.pid}_conv_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = withDatabase(adminUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const folder = migrationsUpTo0015();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return { url, client };
}

/** The org, project, tag, alert, website and feed an archive's references hang from (0015's columns). */
async function workspace(c: pg.Client) {
  const one = async (q: string, v: unknown[] = []) => Number((await c.query<{ id: number }>(q, v)).rows[0]!.id);
  const org = await one(`insert into organizations (name, permissions, capabilities) values ('Old Org', '{}', '{}') returning id`);
  const client = await one(`insert into clients (organization_id, name) values ($1, 'Client') returning id`, [org]);
  const project = await one(`insert into projects (organization_id, client_id, name) values ($1, $2, 'Project') returning id`, [org, client]);
  const tag = await one(`insert into tags (organization_id, project_id, name) values ($1, $2, 'Tag') returning id`, [org, project]);
  const alert = await one(`insert into alerts (organization_id, project_id, name, keywords) values ($1, $2, 'Alert', 'zelda') returning id`, [org, project]);
  const website = await one(`insert into websites (domain, name, reach, muv) values ('old.example.test', 'Old', 4.5, 120000) returning id`);
  const feed = await one(`insert into feeds (website_id, feed) values ($1, 'https://old.example.test/feed') returning id`, [website]);
  return { org, project, tag, alert, website, feed };
}

/**
 * `n` articles over three years (months of 2023 to 2025, some at a UTC month's last half hour, so
 * the month and the day are the UTC ones whatever the server's zone), written the old way: the
 * wide row with its search vector (0007's trigger fills `lexemes`).
 */
async function oldArchive(c: pg.Client, n: number, ws: { website: number; feed: number }) {
  const rows = Array.from({ length: n }, (_, i) => {
    const month = i % 30;
    const edge = i % 7 === 0;
    const pub = new Date(Date.UTC(2023 + Math.floor(month / 12), month % 12, edge ? 1 : 1 + (i % 27), edge ? 0 : 10, edge ? 0 : i % 60));
    if (edge) pub.setUTCMinutes(-30); // 23:30 UTC on the month's last day before
    const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`;
    const description = `${WORDS[(i * 3) % WORDS.length]} story number ${i}`;
    return {
      urlKey: `key-${i}`,
      url: `https://old.example.test/a/${i}`,
      title,
      description,
      html: i % 4 === 0 ? `<p>${title}</p>` : null,
      author: i % 3 === 0 ? `Author ${i % 9}` : null,
      image: i % 6 === 0 ? `https://old.example.test/i/${i}.png` : null,
      language: i % 2 === 0 ? 'en' : 'fr',
      pubDate: pub.toISOString(),
      firstSeen: new Date(pub.getTime() + 60000).toISOString(),
      website: i % 10 === 0 ? null : ws.website,
      feed: i % 10 === 0 ? null : ws.feed,
      reach: 0.1 + (i % 90) / 10,
      muv: i % 8 === 0 ? null : 1000 * i,
      meta: i % 13 === 0,
      source: i % 3,
      search: toTsvectorLiteral(tokenize(articleSearchText(title, description))),
    };
  });
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  await c.query(
    `insert into articles (url_key, url, full_url, title, description, html, author, image, language, pub_date, first_seen_at,
                           website_id, feed_id, reach, muv, is_metacritic, source, search)
     select * from unnest($1::text[], $2::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                          $9::timestamptz[], $10::timestamptz[], $11::int[], $12::int[], $13::real[], $14::bigint[], $15::boolean[],
                          $16::smallint[], $17::tsvector[])`,
    [
      col((r) => r.urlKey),
      col((r) => r.url),
      col((r) => r.title),
      col((r) => r.description),
      col((r) => r.html),
      col((r) => r.author),
      col((r) => r.image),
      col((r) => r.language),
      col((r) => r.pubDate),
      col((r) => r.firstSeen),
      col((r) => r.website),
      col((r) => r.feed),
      col((r) => r.reach),
      col((r) => r.muv),
      col((r) => r.meta),
      col((r) => r.source),
      col((r) => r.search),
    ],
  );
}

/** Saved coverage, an alert's feed and its notifications, pointing at old archive articles. */
async function references(c: pg.Client, ws: { org: number; project: number; tag: number; alert: number }) {
  await c.query(
    `insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search)
     select $1, id, $2, pub_date, reach, language, is_metacritic, lower(title), 'old.example.test', search from articles where id % 3 = 0`,
    [ws.alert, ws.org],
  );
  await c.query(
    `insert into saved_articles (organization_id, project_id, tag_id, article_id, url_key, url, full_url, title, date)
     select $1, $2, $3, id, url_key, url, full_url, title, pub_date from articles where id % 7 = 0`,
    [ws.org, ws.project, ws.tag],
  );
  await c.query(
    `insert into notification_outbox (organization_id, alert_id, article_id, channel)
     select $1, $2, id, 'slack' from articles where id % 11 = 0`,
    [ws.org, ws.alert],
  );
}

/** What Super Search counts: matches per UTC day for a few queries, and each query's total. */
async function searchCounts(c: pg.Client, table: 'articles' | 'article_search') {
  const out: Record<string, { day: string; n: number }[]> = {};
  for (const q of ['zelda', 'nintendo | review', 'indie & console', 'deja']) {
    const { rows } = await c.query<{ day: string; n: string }>(
      `select to_char((pub_date at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as n
         from ${table} where search @@ to_tsquery('simple', $1) group by 1 order by 1`,
      [q],
    );
    out[q] = rows.map((r) => ({ day: r.day, n: Number(r.n) }));
  }
  return out;
}

function recorder() {
  const lines: { level: 'info' | 'warn'; obj: Record<string, unknown>; msg: string }[] = [];
  const log: ConversionLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines };
}

async function constraintsValid(c: pg.Client): Promise<Record<string, boolean>> {
  const { rows } = await c.query<{ conname: string; convalidated: boolean }>(
    `select conname, convalidated from pg_constraint where conname like '%_article_id_article_keys_article_id_fk' order by conname`,
  );
  return Object.fromEntries(rows.map((r) => [r.conname, r.convalidated]));
}

beforeAll(() => {
  adminUrl = inject('pgAdminUrl');
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('archive conversion', () => {
  it('moves an old archive into monthly partitions, resumes after an interruption, keeps every reference', async () => {
    const { url, client: c } = await oldDatabase();
    try {
      const ws = await workspace(c);
      await oldArchive(c, ARTICLES, ws);
      await references(c, ws);
      const before = (await c.query(`select to_jsonb(a) - 'search' as row, a.search::text as search from articles a order by id`)).rows;
      const countsBefore = await searchCounts(c, 'articles');
      const lexemesBefore = (await c.query(`select word from lexemes order by word`)).rows;
      const refsBefore = {
        alert: (await c.query(`select alert_id, article_id, pub_date from alert_articles order by article_id`)).rows,
        saved: (await c.query(`select id, article_id, url_key from saved_articles order by id`)).rows,
        outbox: (await c.query(`select id, article_id from notification_outbox order by id`)).rows,
      };
      const months = (await c.query(`select count(distinct date_trunc('month', pub_date at time zone 'UTC'))::int as n from articles`)).rows[0].n;
      const maxId = Number((await c.query(`select max(id) as m from articles`)).rows[0].m);
      expect(before).toHaveLength(ARTICLES);
      expect(countsBefore.zelda!.length).toBeGreaterThan(5);

      await migrateDatabase(url);
      expect((await c.query(`select count(*)::int as n from articles_unpartitioned`)).rows[0].n).toBe(ARTICLES);

      // A start stopped after two batches: 80 moved, the rest still in the old table.
      const first = recorder();
      expect(await convertArchive(url, { batch: 40, maxBatches: 2, progressEveryMs: 0, log: first.log })).toEqual({ moved: 80, done: false });
      expect((await c.query(`select count(*)::int as n from articles_unpartitioned`)).rows[0].n).toBe(ARTICLES - 80);
      expect((await c.query(`select count(*)::int as n from articles`)).rows[0].n).toBe(80);
      expect(first.lines[0]).toMatchObject({ level: 'info', obj: { total: ARTICLES, batch: 40 } });
      expect(first.lines.at(-1)!.msg).toMatch(/paused/);

      // The next start takes it from there, on a client the caller owns, in a zone far from UTC.
      const second = recorder();
      await c.query(`set timezone = 'Pacific/Auckland'`);
      expect(await convertArchive(c, { batch: 40, progressEveryMs: 0, log: second.log })).toEqual({ moved: ARTICLES - 80, done: true });
      await c.query(`reset timezone`);
      expect(second.lines[0]!.obj).toMatchObject({ total: ARTICLES - 80 });
      const progress = second.lines.filter((l) => l.msg === 'archive conversion');
      expect(progress.length).toBeGreaterThanOrEqual(5);
      expect(progress.at(-1)!.obj).toMatchObject({ moved: ARTICLES - 80, total: ARTICLES - 80, percent: 100, etaSeconds: 0 });
      for (const p of progress) expect(Object.keys(p.obj).sort()).toEqual(['etaSeconds', 'moved', 'perSecond', 'percent', 'total']);
      expect(second.lines.at(-1)!.msg).toMatch(/^archive conversion finished in \d+\.\d s$/);
      expect(second.lines.filter((l) => l.level === 'warn')).toEqual([]);

      // The old table is gone, the references are checked, and a later start has nothing to do.
      expect((await c.query(`select to_regclass('public.articles_unpartitioned') as t`)).rows[0].t).toBeNull();
      expect(await constraintsValid(c)).toEqual({
        alert_articles_article_id_article_keys_article_id_fk: true,
        notification_outbox_article_id_article_keys_article_id_fk: true,
        saved_articles_article_id_article_keys_article_id_fk: true,
        // A story's corrections (migration 0028) came after the conversion: valid from the start.
        story_edits_article_id_article_keys_article_id_fk: true,
      });
      const third = recorder();
      expect(await convertArchive(url, { batch: 40, log: third.log })).toEqual({ moved: 0, done: true });
      expect(third.lines).toEqual([]);

      // Every article once, with its id and every column.
      // (estimated_views, which the old archive never had, is computed from muv on the way: migration 0020;
      // story_id, which it never had either, is null: its articles are stories of their own.)
      const after = (await c.query(`select to_jsonb(a) - 'estimated_views' - 'story_id' as row, a.story_id from articles a order by id`)).rows;
      expect(after.filter((r) => r.story_id !== null)).toEqual([]);
      expect(after.map((r) => r.row)).toEqual(before.map((r) => r.row));
      const views = await c.query(
        `select count(*)::int as n from articles where estimated_views is distinct from (case when muv is null then null else least(1000000, round(muv * 0.001)) end)::int`,
      );
      expect(views.rows[0].n).toBe(0);
      // Its key and its search row, in its UTC month's partitions, the day the UTC one.
      const mismatched = await c.query(
        `select a.id from articles a
           left join article_keys k on k.article_id = a.id and k.url_key = a.url_key and k.pub_date = a.pub_date
           left join article_search s on s.id = a.id and s.pub_date = a.pub_date
                 and s.day = (a.pub_date at time zone 'UTC')::date and s.language = a.language and s.reach = a.reach
          where k.article_id is null or s.id is null
             or a.tableoid::regclass::text <> 'articles_' || to_char(a.pub_date at time zone 'UTC', 'YYYY_MM')
             or s.tableoid::regclass::text <> 'article_search_' || to_char(a.pub_date at time zone 'UTC', 'YYYY_MM')`,
      );
      expect(mismatched.rows).toEqual([]);
      expect((await c.query(`select count(*)::int as n from article_keys`)).rows[0].n).toBe(ARTICLES);
      const searchAfter = (await c.query(`select search::text as search from article_search order by id`)).rows;
      expect(searchAfter.map((r) => r.search)).toEqual(before.map((r) => r.search));
      const edge = await c.query<{ day: string; part: string }>(
        `select to_char(day, 'YYYY-MM-DD') as day, tableoid::regclass::text as part from article_search where pub_date = '2023-03-31T23:30:00Z'`,
      );
      expect(edge.rows[0]).toEqual({ day: '2023-03-31', part: 'article_search_2023_03' });
      expect((await c.query(`select count(*)::int as n from archive_months`)).rows[0].n).toBe(months);
      expect(months).toBeGreaterThan(29);

      // References intact, counts unchanged, no word lost, and new ids carry on after the last.
      expect({
        alert: (await c.query(`select alert_id, article_id, pub_date from alert_articles order by article_id`)).rows,
        saved: (await c.query(`select id, article_id, url_key from saved_articles order by id`)).rows,
        outbox: (await c.query(`select id, article_id from notification_outbox order by id`)).rows,
      }).toEqual(refsBefore);
      expect(refsBefore.saved.length).toBeGreaterThan(30);
      expect(await searchCounts(c, 'article_search')).toEqual(countsBefore);
      expect((await c.query(`select word from lexemes order by word`)).rows).toEqual(lexemesBefore);
      expect(Number((await c.query(`select nextval('articles_id_seq') as n`)).rows[0].n)).toBe(maxId + 1);
    } finally {
      await c.end();
    }
  });

  it('lets a second start wait for the first, and leaves a reference to a missing article NOT VALID instead of failing', async () => {
    const { url, client: c } = await oldDatabase();
    try {
      const ws = await workspace(c);
      await oldArchive(c, 50, ws);
      // Saved coverage naming an article that is not there: the old foreign key was added back
      // NOT VALID over it (a restored dump, a hand repair), so the upgrade inherits the orphan.
      await c.query(`alter table saved_articles drop constraint saved_articles_article_id_articles_id_fk`);
      await c.query(
        `insert into saved_articles (organization_id, project_id, tag_id, article_id, url_key, url, full_url, title, date)
         values ($1, $2, $3, 999999, 'gone', 'https://old.example.test/gone', 'https://old.example.test/gone', 'Gone', now())`,
        [ws.org, ws.project, ws.tag],
      );
      await c.query(
        `alter table saved_articles add constraint saved_articles_article_id_articles_id_fk
           foreign key (article_id) references articles(id) on delete set null not valid`,
      );
      await migrateDatabase(url);

      const a = recorder();
      const b = recorder();
      const results = await Promise.all([
        convertArchive(url, { batch: 7, progressEveryMs: 0, log: a.log }),
        convertArchive(url, { batch: 7, progressEveryMs: 0, log: b.log }),
      ]);
      expect(results.map((r) => r.moved).sort((x, y) => x - y)).toEqual([0, 50]);
      expect(results.every((r) => r.done)).toBe(true);
      expect((await c.query(`select count(*)::int as n from articles`)).rows[0].n).toBe(50);

      const warnings = [...a.lines, ...b.lines].filter((l) => l.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.obj).toMatchObject({ table: 'saved_articles', orphans: 1 });
      expect(await constraintsValid(c)).toEqual({
        alert_articles_article_id_article_keys_article_id_fk: true,
        notification_outbox_article_id_article_keys_article_id_fk: true,
        saved_articles_article_id_article_keys_article_id_fk: false,
        story_edits_article_id_article_keys_article_id_fk: true,
      });
      expect((await c.query(`select to_regclass('public.articles_unpartitioned') as t`)).rows[0].t).toBeNull();
    } finally {
      await c.end();
    }
  });

  it('finishes a new installation’s empty old table without a log line', async () => {
    const { url, client: c } = await oldDatabase();
    try {
      await migrateDatabase(url);
      const quiet = recorder();
      expect(await convertArchive(url, { batch: 10, log: quiet.log })).toEqual({ moved: 0, done: true });
      expect(quiet.lines).toEqual([]);
      expect((await c.query(`select to_regclass('public.articles_unpartitioned') as t`)).rows[0].t).toBeNull();
      expect(Object.values(await constraintsValid(c))).toEqual([true, true, true, true]);
      expect(await foreignKeyCheckPlan(c)).toBe('Index Scan');
      const { rows: options } = await c.query<{ reloptions: string[] }>(`select reloptions from pg_class where relname = 'article_keys'`);
      expect(options[0]!.reloptions).toContain('autovacuum_analyze_threshold=1000');
    } finally {
      await c.end();
    }
  });
});

/**
 * The plan of the check each foreign key into article_keys runs per written row (PostgreSQL's own
 * query), made as a connection makes and keeps it: generic, while the archive holds its first
 * hundred keys. A sequential scan here would be kept while a crawl fills the table (migration 0018).
 */
async function foreignKeyCheckPlan(c: pg.Client): Promise<string> {
  await c.query('begin');
  try {
    await c.query(`insert into article_keys (url_key, article_id, pub_date)
                   select 'https://outlet.example/' || g, 9000000 + g, now() from generate_series(1, 100) g`);
    await c.query(`set local plan_cache_mode = force_generic_plan`);
    await c.query(`prepare fk_check(bigint) as select 1 from only article_keys x where article_id = $1 for key share of x`);
    const { rows } = await c.query<{ 'QUERY PLAN': { Plan: { Plans: { 'Node Type': string }[] } }[] }>(`explain (format json) execute fk_check(9000001)`);
    await c.query('deallocate fk_check');
    return rows[0]!['QUERY PLAN'][0]!.Plan.Plans[0]!['Node Type'];
  } finally {
    await c.query('rollback');
  }
}
