#!/usr/bin/env node
// `npm start`: install what is missing, build the web app when its sources changed, then run
// the server: a supervisor (server/supervisor.ts) that starts the embedded PostgreSQL unless
// DATABASE_URL is set, then runs the API and the workers (with the scheduler) as two processes.
// Only Node built-ins here: this runs before dependencies exist.
import { spawnSync, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

// 2. The web app: build when dist is missing or older than its sources.
const built = mtime('dist/web/index.html');
const sources = Math.max(newest('web'), newest('common'), mtime('index.html'), mtime('vite.config.ts'), mtime('package-lock.json'));
if (!built || sources > built) {
  console.log('Building the web app…');
  run(npm, ['run', '--silent', 'build']);
}

// 3. The server. It handles SIGINT/SIGTERM itself (stops the API and the workers, then the database).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
