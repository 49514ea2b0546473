#!/usr/bin/env node
// `npm run build` (after the web app): the server compiled ahead of time to dist/server, so that
// `npm start` runs plain JavaScript with `node` — no TypeScript compiler loaded at run time, in any
// of its processes. One esbuild pass bundles our own code (server/ and common/) into ES modules;
// packages stay in node_modules (imported at run time as they are). Entry points:
//   main.js          the supervisor and the --role=api|worker|all processes (server/main.ts)
//   parse-thread.js  the feed parser's worker thread (server/features/crawler/parse-thread.ts)
//   migrate-cli.js   `npm run db:migrate` on a built checkout
// Shared code lands in chunks beside them (one folder, so `import.meta.url` means dist/server/ in
// every file), with the files the code reads at run time: the migrations and the outlet directory.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir=<dir>` builds elsewhere (the built-server test builds into a temporary folder).
const outArg = process.argv.find((a) => a.startsWith('--outdir='));
const outdir = outArg ? path.resolve(outArg.slice('--outdir='.length)) : path.join(root, 'dist', 'server');

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/main.ts',
    'parse-thread': 'server/features/crawler/parse-thread.ts',
    'migrate-cli': 'server/migrate-cli.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
// Read at run time next to the code that reads them (server/db/client.ts, server/features/sources/directory.ts).
fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
fs.copyFileSync(path.join(root, 'server', 'features', 'sources', 'outlets.json'), path.join(outdir, 'outlets.json'));
// When this build was made: `npm start` builds again when a source is newer.
fs.writeFileSync(path.join(outdir, 'BUILT'), `${new Date().toISOString()}\n`);
console.log(`server built to ${path.relative(root, outdir)} in ${Date.now() - started} ms`);
