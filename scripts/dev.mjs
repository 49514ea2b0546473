#!/usr/bin/env node
// `npm run dev`: the API with reload on change, and Vite's dev server (hot reload) proxying /api to it.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const api = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', '--watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.API_PORT ?? '3000' },
});
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env });
const stop = (sig) => {
  api.kill(sig);
  web.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
api.on('exit', () => web.kill('SIGTERM'));
web.on('exit', () => api.kill('SIGINT'));
