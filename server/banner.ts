import path from 'node:path';
import type { Config } from './config.js';
import type { DatabaseKind } from './database-server.js';
import type { BootstrapResult } from './seed/seed.js';

/** The address this installation answers on, as a browser on the same machine reaches it. */
export function localUrl(config: Config): string {
  return `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
}

/** The lines a person reads after `npm start`: what runs, where, and how to sign in. */
export function printBanner(config: Config, shown: { roles: string; databaseKind: DatabaseKind; serves: boolean; bootstrap: BootstrapResult }) {
  const url = localUrl(config);
  const b = shown.bootstrap;
  const passwordFile = path.join(config.dataDir, 'initial-admin-password');
  const lines = ['', `  Coverwatch ${config.version} (${shown.roles}) on ${shown.databaseKind} PostgreSQL`];
  if (shown.serves) lines.push(`  App:        ${url}`, `  API docs:   ${url}/api/docs`);
  lines.push(`  Admin:      ${b.adminEmail}`);
  if (b.generatedPassword) lines.push(`  Password:   ${b.generatedPassword}   (generated now; also in ${passwordFile})`);
  else if (b.createdAdmin) lines.push('  Password:   the ADMIN_PASSWORD you set');
  else lines.push(`  Password:   set on first start (see ${passwordFile} or ADMIN_PASSWORD)`);
  // One write, so a reader of the pipe (a terminal, a test) never sees half a banner.
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
