// bench/api: authenticated GET /api/projects and GET /api/tags?filter[project_id]=… under load
// (autocannon, 50 connections). Target: ≥ 2,000 requests/s with p99 ≤ 50 ms on 2 cores.
import autocannon from 'autocannon';
import { login, treePeakRssMb, printTable, rng, size, startServer, writeResults, type Row } from './lib.js';

const JSONAPI = 'application/vnd.api+json';

async function post(url: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': JSONAPI },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** A workspace like a busy agency's: 10 brands, 40 projects, 20 tags each (seeded). */
async function seed(url: string, token: string) {
  const random = rng(42);
  const brands: string[] = [];
  for (let i = 0; i < 10; i++) brands.push((await post(url, token, '/api/clients', { data: { type: 'client', attributes: { name: `Bench Brand ${i}` } } })).id);
  const projects: string[] = [];
  for (let i = 0; i < 40; i++) {
    const client = brands[Math.floor(random() * brands.length)];
    const p = await post(url, token, '/api/projects', {
      data: { type: 'project', attributes: { name: `Bench Project ${i}` }, relationships: { client: { data: { type: 'client', id: client } } } },
    });
    projects.push(p.id);
  }
  for (const p of projects.slice(0, 5))
    for (let t = 0; t < 20; t++) await post(url, token, `/api/projects/${p}/tags`, { data: { type: 'tag', attributes: { name: `Bench tag ${t}` } } });
  return projects[0];
}

function run(url: string, token: string, path: string, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}${path}`, connections: 50, duration, headers: { authorization: `Bearer ${token}`, accept: JSONAPI } }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const duration = size() === 'large' ? 30 : 10;
const server = await startServer();
try {
  const token = await login(server.url);
  const projectId = await seed(server.url, token);
  // Warm up JIT, the pool and caches before measuring.
  await run(server.url, token, '/api/projects', 2);
  const rows: Row[] = [];
  for (const [operation, path] of [
    ['GET /api/projects', '/api/projects'],
    ['GET /api/tags?filter[project_id]', `/api/tags?filter[project_id]=${projectId}`],
  ] as const) {
    const r = await run(server.url, token, path, duration);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${operation}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({
      operation,
      engine: server.engine,
      n: r.requests.total,
      median_ms: r.latency.p50,
      p95_ms: (r.latency as unknown as Record<string, number>).p97_5 ?? r.latency.p99,
      p99_ms: r.latency.p99,
      throughput: Math.round(r.requests.average),
      throughput_unit: 'req/s',
      peak_rss_mb: treePeakRssMb(server.pid),
    });
  }
  printTable(`bench/api — 50 connections, ${duration} s each (p95 column is autocannon's p97.5)`, rows);
  const ok = rows.every((r) => r.throughput >= 2000 && r.p99_ms <= 50);
  console.log(ok ? 'target met: ≥ 2,000 req/s and p99 ≤ 50 ms' : 'TARGET MISSED: ≥ 2,000 req/s and p99 ≤ 50 ms');
  writeResults('api', rows, { target: { min_rps: 2000, max_p99_ms: 50 }, met: ok });
} finally {
  await server.stop();
}
