#!/usr/bin/env node
// `npm run dev`: the API with reload on change, and Vite's dev server (hot reload) proxying /api to it.
// `npm run dev -- --fakes` (or DEV_FAKES=1): first starts the local YouTube, Twitch, Slack and
// Discord fakes (scripts/dev-fakes.ts) and points the API at them, so video and stream feeds
// work offline without credentials.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const withFakes = process.argv.includes('--fakes') || ['1', 'true'].includes(process.env.DEV_FAKES ?? '');
const children = [];

/** Starts the fakes and resolves to the environment they print (DEV_FAKES_ENV {json}). */
function startFakes() {
  const fakes = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-fakes.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  children.push(fakes);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: fakes.stdout });
    let found = false;
    lines.on('line', (line) => {
      if (!found && line.startsWith('DEV_FAKES_ENV ')) {
        found = true;
        resolve(JSON.parse(line.slice('DEV_FAKES_ENV '.length)));
        return;
      }
      console.log(line);
    });
    fakes.on('exit', (code) => {
      if (!found) reject(new Error(`the fakes exited (${code}) before they were ready`));
    });
  });
}

const fakeEnv = withFakes ? await startFakes() : {};
// One process (--role=all): --watch reloads on a change to a file that process imported, and a
// supervisor imports none of the app.
const api = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', '--watch', 'server/main.ts', '--role=all'], {
  stdio: 'inherit',
  env: { ...process.env, ...fakeEnv, PORT: process.env.API_PORT ?? '3000' },
});
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env });
children.push(api, web);
const stop = (sig) => {
  for (const child of children) child.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
api.on('exit', () => stop('SIGTERM'));
web.on('exit', () => stop('SIGINT'));
