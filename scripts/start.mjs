#!/usr/bin/env node
// `npm start`: install what is missing, build the web app and the server when their sources
// changed, then run the built server (dist/server, plain JavaScript: no TypeScript compiler at run
// time). Without a role this process becomes the supervisor (server/supervisor.ts: it starts the
// embedded PostgreSQL unless DATABASE_URL is set, then the API and the workers with the scheduler
// as two child processes), so no wrapper process sits between npm and it. `npm start --
// --role=all|api|worker` runs that role in a child with the server's node flags.
// Only Node built-ins here: this runs before dependencies exist.
import { spawnSync, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  let max = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : mtime(p));
  }
  return max;
}

// 1. Dependencies: missing, or the lock file changed since the last install.
if (!fs.existsSync('node_modules/.package-lock.json') || mtime('package-lock.json') > mtime('node_modules/.package-lock.json')) {
  console.log('Installing dependencies…');
  run(npm, ['install', '--no-audit', '--no-fund']);
}

// 2. The web app and the server: built when missing or older than their sources.
const lock = mtime('package-lock.json');
const webBuilt = mtime('dist/web/index.html');
const webSources = Math.max(newest('web'), newest('common'), mtime('index.html'), mtime('vite.config.ts'), lock);
const serverBuilt = mtime('dist/server/BUILT');
const serverSources = Math.max(newest('server'), newest('common'), mtime('scripts/build-server.mjs'), mtime('scripts/node-flags.mjs'), lock);
if (!webBuilt || webSources > webBuilt) {
  console.log('Building the web app and the server…');
  run(npm, ['run', '--silent', 'build']);
} else if (!serverBuilt || serverSources > serverBuilt) {
  console.log('Building the server…');
  run(npm, ['run', '--silent', 'build:server']);
}

// 3. The server. It handles SIGINT/SIGTERM itself (stops the API and the workers, then the database).
process.env.NODE_ENV ??= 'production';
const main = path.join(root, 'dist', 'server', 'main.js');
if (process.argv.slice(2).some((arg) => arg.startsWith('--role='))) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main, ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await import(pathToFileURL(main).href);
}
