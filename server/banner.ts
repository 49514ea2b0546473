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
  console.log('');
  console.log(`  Coverwatch ${config.version} (${shown.roles}) on ${shown.databaseKind} PostgreSQL`);
  if (shown.serves) console.log(`  App:        ${url}`);
  if (shown.serves) console.log(`  API docs:   ${url}/api/docs`);
  console.log(`  Admin:      ${b.adminEmail}`);
  if (b.generatedPassword) console.log(`  Password:   ${b.generatedPassword}   (generated now; also in ${passwordFile})`);
  else if (b.createdAdmin) console.log('  Password:   the ADMIN_PASSWORD you set');
  else console.log(`  Password:   set on first start (see ${passwordFile} or ADMIN_PASSWORD)`);
  console.log('');
}
