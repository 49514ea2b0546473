// `npm run bench [-- --size=large]`: every benchmark, one after another (they share 2 cores).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.js';

/** Modules the benchmarks import (data generators, clients, recorded figures): not benchmarks themselves. */
const SUPPORT = [
  'run.ts',
  'lib.ts',
  'search-data.ts',
  'crawl-data.ts',
  'search-db.ts',
  'search-fts5.ts',
  'search-client.ts',
  'page-weight-before.ts',
  'twitch-live-metrics.ts',
];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !SUPPORT.includes(f))
  .filter((f) => !only || f === `${only}.ts`);
let failed = false;
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
