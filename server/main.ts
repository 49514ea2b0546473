import path from 'node:path';
import { loadConfig, type Role } from './config.js';
import { startRuntime, type Runtime } from './runtime.js';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    console.error(`Unknown role "${role}". Use --role=all, --role=api or --role=worker.`);
    process.exit(2);
  }
  return role;
}

const role = parseRole(process.argv.slice(2));
const config = loadConfig();
// A terminal's Ctrl-C reaches every process of its group (npm, scripts/start.mjs and us; the
// embedded PostgreSQL runs in its own group), and start.mjs forwards it too: act on the first.
// A signal during start-up is kept until the start finishes, then everything started is
// stopped, so that no database is left running behind a Ctrl-C.
let stopping = false;
let runtime: Runtime | null = null;
const stop = (current: Runtime) =>
  current
    .stop()
    .then(() => {
      console.log('Stopped.');
      process.exit(0);
    })
    .catch((err) => {
      console.error('Stopping failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // A terminal echoes ^C without a line break.
    console.log(`${signal === 'SIGINT' ? '\n' : ''}Stopping…`);
    if (runtime) void stop(runtime);
  });
}

runtime = await startRuntime(config, role);
if (stopping) await stop(runtime);

const b = runtime.bootstrap;
const shown = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
console.log('');
console.log(`  Coverwatch ${config.version} (${role}) on ${runtime.deps.databaseKind} PostgreSQL`);
if (runtime.app) console.log(`  App:        ${shown}`);
if (runtime.app) console.log(`  API docs:   ${shown}/api/docs`);
console.log(`  Admin:      ${b.adminEmail}`);
if (b.generatedPassword) console.log(`  Password:   ${b.generatedPassword}   (generated now; also in ${path.join(config.dataDir, 'initial-admin-password')})`);
else if (b.createdAdmin) console.log('  Password:   the ADMIN_PASSWORD you set');
else console.log(`  Password:   set on first start (see ${path.join(config.dataDir, 'initial-admin-password')} or ADMIN_PASSWORD)`);
console.log('');
