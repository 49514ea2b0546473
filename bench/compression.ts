// `npm run bench -- --only=compression`: what compressing the JSON API's answers costs and saves.
// Takes real answers of the demo workspace (an articles feed page of 10, 100 and 500 rows, the
// projects list, a report, the OpenAPI document), then compresses each as the server would —
// brotli at the server's quality and gzip at its level, plus the alternatives it rejected — and
// measures bytes and CPU time per answer on this machine. Then the API under load with and without
// `Accept-Encoding`: requests/s and p95 of the articles feed at 100 rows (autocannon, 20 connections).
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { login, startServer, writeResults, type Row } from './lib.js';
import { JSON_BROTLI_QUALITY, JSON_GZIP_LEVEL } from '../server/http/compression.js';

const JSONAPI = 'application/vnd.api+json';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median CPU microseconds of `fn` over enough runs to last ~300 ms. */
function timeUs(fn: () => Buffer): { us: number; bytes: number } {
  let bytes = fn().length;
  const samples: number[] = [];
  const until = performance.now() + 300;
  while (performance.now() < until || samples.length < 5) {
    const t = process.cpuUsage();
    bytes = fn().length;
    const d = process.cpuUsage(t);
    samples.push(d.user + d.system);
  }
  return { us: median(samples), bytes };
}

const server = await startServer({ SEED_DEMO: 'true' });
const rows: Row[] = [];
const table: Record<string, string | number>[] = [];
try {
  const token = await login(server.url);
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: JSONAPI, 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const projects = JSON.parse((await get('/api/projects')).toString()) as { data: { attributes: { 'alert-id': string | null } }[] };
  const alertId = projects.data.map((p) => p.attributes['alert-id']).find(Boolean);
  const reports = JSON.parse((await get('/api/reports')).toString()) as { data: { id: string }[] };
  const answers: [string, string][] = [
    ['projects list', '/api/projects'],
    ...(alertId ? ([10, 100, 500].map((n) => [`articles feed, ${n} rows`, `/api/articles_feed/${alertId}?page[page_size]=${n}`]) as [string, string][]) : []),
    ...(reports.data[0] ? ([['one report', `/api/reports/${reports.data[0].id}`]] as [string, string][]) : []),
    ['OpenAPI document', '/api/openapi.json'],
  ];
  for (const [name, path] of answers) {
    const body = await get(path);
    const variants = {
      [`br q${JSON_BROTLI_QUALITY}`]: () =>
        zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      'br q11': () => zlib.brotliCompressSync(body),
      [`gzip ${JSON_GZIP_LEVEL}`]: () => zlib.gzipSync(body, { level: JSON_GZIP_LEVEL }),
      'gzip 9': () => zlib.gzipSync(body, { level: 9 }),
    };
    const line: Record<string, string | number> = { answer: name, 'raw KB': +(body.length / 1024).toFixed(1) };
    for (const [variant, fn] of Object.entries(variants)) {
      const { us, bytes } = timeUs(fn);
      line[variant] = `${(bytes / 1024).toFixed(1)} KB, ${us} µs`;
      rows.push({
        operation: `${name} · ${variant}`,
        engine: 'node zlib',
        n: 1,
        median_ms: +(us / 1000).toFixed(3),
        p95_ms: 0,
        p99_ms: 0,
        throughput: +(body.length / bytes).toFixed(1),
        throughput_unit: 'ratio',
        peak_rss_mb: 0,
      });
    }
    table.push(line);
  }
  console.log('\nJSON answers: compressed size and CPU time per answer (median, this machine)');
  console.table(table);

  if (alertId) {
    const path = `/api/articles_feed/${alertId}?page[page_size]=100`;
    for (const encoding of ['identity', 'br, gzip']) {
      const result = await autocannon({
        url: `${server.url}${path}`,
        connections: 20,
        duration: 10,
        headers: { authorization: `Bearer ${token}`, accept: JSONAPI, 'accept-encoding': encoding },
      });
      const line = `articles feed 100 rows, Accept-Encoding: ${encoding}`;
      console.log(
        `${line}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, ${(result.throughput.average / 1024).toFixed(0)} KB/s sent`,
      );
      rows.push({
        operation: line,
        engine: server.engine,
        n: result.requests.total,
        median_ms: result.latency.p50,
        p95_ms: result.latency.p97_5,
        p99_ms: result.latency.p99,
        throughput: result.requests.average,
        throughput_unit: 'req/s',
        peak_rss_mb: 0,
      });
    }
  }
  writeResults('compression', rows);
} finally {
  await server.stop();
}
