// bench/overview: GET projects/{id}/overview for a project whose alert has 100,000 matches
// (target p95 ≤ 300 ms): placements and unique stories, visitors and estimated views, top outlets,
// the creator leaderboards, five competitors' Super Search counts and the latest saved coverage,
// over the default 30 days and over a whole year, asked by one client (the target: one person's
// answer) and by two at once. Data is generated in SQL, deterministically.
// Flags: --keep (leave the generated database), --reuse=URL (run on a kept one).
import pg from 'pg';
import { archiveFromSelect } from '../server/features/crawler/archive.js';
import { api, load, login, percentile, printTable, rssMb, size, startBenchDatabase, startServer, writeResults, type Row } from './lib.js';

const large = size() === 'large';
const ARCHIVE = 300_000;
const MATCHES = 100_000;
const SECONDS = large ? 15 : 6;
const TARGET_P95_MS = 300;
const WORDS = ['nebula', 'starfall', 'launch', 'review', 'update', 'patch', 'studio', 'esports', 'league', 'console', 'trailer', 'release', 'season', 'beta'];
const COMPETITORS = [
  { name: 'Starfall', query: 'starfall' },
  { name: 'Nebula League', query: 'nebula AND league' },
  { name: 'Patch notes', query: '"patch notes"' },
  { name: 'Esports', query: 'esports OR league' },
  { name: 'Beta', query: 'beta -trailer' },
];

/** A brand, a project with five competitors and its alert through the API, as a user would make them. */
async function makeProject(url: string, token: string): Promise<{ alertId: number; projectId: number }> {
  const brand = await api(url, token, 'POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Bench Overview' } } });
  const project = await api(url, token, 'POST', '/api/projects', {
    data: { type: 'project', attributes: { name: 'Bench Overview' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
  });
  await api(url, token, 'PATCH', `/api/projects/${project.id}`, { data: { type: 'project', attributes: { competitors: COMPETITORS } } });
  const alert = await api(url, token, 'POST', '/api/alerts', {
    data: { type: 'alert', attributes: { project_id: Number(project.id), name: 'Bench Overview', keywords: '+"zzbenchnever"' } },
  });
  return { alertId: Number(alert.id), projectId: Number(project.id) };
}

/**
 * 300,000 archive articles over the last 365 days from 1,000 outlets; every third in the alert's
 * feed (100,000 matches), one in 200 deleted, the even ones grouped into stories of two;
 * 2,000 of them saved under a tag.
 */
async function generate(dbUrl: string, alertId: number, projectId: number) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = Date.now();
  await db.query(`
    insert into websites (domain, reach, muv, language)
    select 'outlet' || g || '.example', round((0.1 + (g * 7919 % 99) / 10.0)::numeric, 1),
           case when g % 10 = 0 then null else (g * 104729 % 20000000) end, 'en'
    from generate_series(1, 1000) g`);
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const n = WORDS.length;
  const archive = archiveFromSelect(
    `
    select g.*, to_tsvector('simple', g.title || ' ' || g.description) as search from (
      select md5('overview' || g) as url_key, 'https://outlet' || (1 + g % 1000) || '.example/news/' || g as url,
             'https://outlet' || (1 + g % 1000) || '.example/news/' || g || '?utm_source=rss' as full_url,
             initcap((${words})[1 + g % ${n}]) || ' ' || (${words})[1 + (g / ${n}) % ${n}] || ' notes ' || (${words})[1 + (g / ${n * n}) % ${n}] || ' number ' || g as title,
             'Generated article ' || g as description, 'en' as language,
             now() - ((g * 2654435761::bigint) % (365 * 24 * 60)) * interval '1 minute' as pub_date, now() as first_seen_at,
             1 + g % 1000 as website_id, round((0.1 + (g * 31 % 99) / 10.0)::numeric, 1) as reach,
             case when g % 10 = 0 then null else (g * 13 % 20000000) end as muv, false as is_metacritic
        from generate_series(1, ${ARCHIVE}) g) g`,
    ['first_seen_at', 'website_id', 'muv', 'is_metacritic'],
  );
  await db.query(archive.months);
  await db.query(archive.insert);
  await db.query(archive.versions);
  await db.query(
    `
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search, story_id, deleted_at)
    select $1, a.id, 1, a.pub_date, a.reach, a.language, a.is_metacritic, left(lower(a.title), 100),
           coalesce(w.domain, substring(a.url from '^[a-zA-Z]+://(?:www\\.)?([^/:?#]+)'), ''), s.search,
           case when a.id % 2 = 0 then a.id - a.id % 12 else null end, case when a.id % 600 = 0 then now() else null end
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date
      left join websites w on w.id = a.website_id where a.id % ${ARCHIVE / MATCHES} = 0`,
    [alertId],
  );
  const tag = await db.query(`insert into tags (organization_id, project_id, name) values (1, $1, 'Bench') returning id`, [projectId]);
  await db.query(
    `
    insert into saved_articles (organization_id, project_id, tag_id, article_id, url_key, url, full_url, title, date, website_id, reach, muv)
    select 1, $1, $2, a.id, a.url_key, a.url, a.full_url, a.title, a.pub_date, a.website_id, a.reach, a.muv
      from articles a where a.id % 150 = 0`,
    [projectId, tag.rows[0].id],
  );
  await db.query('vacuum analyze');
  await db.end();
  return (Date.now() - t0) / 1000;
}

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const reuse = option('reuse');
const database = reuse ? { url: reuse, engine: 'postgres (DATABASE_URL)', stop: async () => {} } : await startBenchDatabase('overview');
const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
try {
  const token = await login(server.url);
  let target: { alertId: number; projectId: number };
  let loadSeconds = 0;
  if (reuse) {
    const db = new pg.Client({ connectionString: reuse });
    await db.connect();
    const r = await db.query(`select id, project_id from alerts where name = 'Bench Overview'`);
    target = { alertId: Number(r.rows[0].id), projectId: Number(r.rows[0].project_id) };
    await db.end();
  } else {
    target = await makeProject(server.url, token);
    loadSeconds = await generate(database.url, target.alertId, target.projectId);
    console.log(`generated ${ARCHIVE} articles, ${MATCHES} matches in ${loadSeconds.toFixed(1)} s`);
  }
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const base = `/api/projects/${target.projectId}/overview`;
  const scenarios: [string, string][] = [
    ['last 30 days (default)', base],
    ['last 365 days (all 100,000 matches)', `${base}?filter[from]=${day(364)}&filter[to]=${day(0)}`],
  ];
  // One answer checked: the year holds every match not deleted.
  const check = await api(server.url, token, 'GET', `${base}?filter[from]=${day(365)}&filter[to]=${day(0)}`);
  console.log(
    `a year: ${check.attributes.press.placements} placements, ${check.attributes.press.unique_stories} stories, competitors ${JSON.stringify(check.attributes.share_of_voice.competitors.map((c: { count: number }) => c.count))}`,
  );

  const rows: Row[] = [];
  for (const [name, path] of scenarios) {
    // The first answer counts the competitors' months; the closed ones are kept, the open ones for 30 s.
    const t = performance.now();
    await api(server.url, token, 'GET', path);
    console.log(`${name}: first answer ${Math.round(performance.now() - t)} ms`);
    // One person's answer (the target), then two people asking at once on the 2 cores.
    for (const clients of [1, 2]) {
      const lat = await load(server.url, token, path, SECONDS, clients);
      rows.push({
        operation: `GET projects/{id}/overview: ${name}, ${clients} ${clients === 1 ? 'client' : 'clients'}`,
        engine: database.engine,
        n: lat.length,
        median_ms: percentile(lat, 50),
        p95_ms: percentile(lat, 95),
        p99_ms: percentile(lat, 99),
        throughput: Math.round(lat.length / SECONDS),
        throughput_unit: 'req/s',
        peak_rss_mb: rssMb(server.pid),
      });
    }
  }
  printTable(`bench/overview — a project with ${MATCHES.toLocaleString('en')} matches`, rows);
  const ok = rows.filter((r) => r.operation.endsWith('1 client')).every((r) => r.p95_ms <= TARGET_P95_MS);
  console.log(ok ? `target met: p95 ≤ ${TARGET_P95_MS} ms` : `TARGET MISSED: p95 ≤ ${TARGET_P95_MS} ms`);
  writeResults('overview', rows, { load_seconds: loadSeconds, matches: MATCHES, archive: ARCHIVE, targets: { p95_ms: TARGET_P95_MS }, met: ok });
} finally {
  await server.stop();
  if (process.argv.includes('--keep')) console.log(`kept ${database.url}`);
  else await database.stop();
}
