import { loadConfig, type Role } from './config.js';
import { printBanner } from './banner.js';
import { fileURLToPath } from 'node:url';
import { preparesDatabase, runUntilStopped, StartupError, supervisedDatabase, type StartedMessage } from './lifecycle.js';

/** `--role=all|api|worker` runs that role in this process; without one, the supervisor runs both. */
function parseRole(argv: string[]): Role | null {
  const arg = argv.find((a) => a.startsWith('--role='));
  if (!arg) return null;
  const role = arg.slice('--role='.length);
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    console.error(`Unknown role "${role}". Use --role=all, --role=api or --role=worker.`);
    process.exit(2);
  }
  return role;
}

/** A StartupError is the person's to fix: its message alone, exit 1. Anything else keeps its stack. */
function cannotStart(err: unknown): never {
  if (!(err instanceof StartupError)) throw err;
  console.error(`\n  Coverwatch cannot start: ${err.message}\n`);
  process.exit(1);
}

const role = parseRole(process.argv.slice(2));
const config = loadConfig();

// Each path imports only what it runs: the supervisor loads none of the application's code (no
// HTTP app, no jobs, no migrations or seed: its API child prepares the database).
if (role === null) {
  const { startSupervisor } = await import('./supervisor.js');
  const entry = fileURLToPath(import.meta.url);
  const supervisor = await runUntilStopped((signal) => startSupervisor(config, signal, entry), { quiet: false, stopWithParent: false }).catch(cannotStart);
  const bootstrap = await supervisor.untilReady().catch(async (err: unknown) => {
    await supervisor.stop();
    return cannotStart(err);
  });
  if (bootstrap) printBanner(config, { roles: 'api + worker', databaseKind: supervisor.databaseKind, serves: true, bootstrap });
} else {
  const { startRuntime } = await import('./runtime.js');
  const supervised = supervisedDatabase(process.env);
  const prepare = preparesDatabase(process.env);
  const runtime = await runUntilStopped(() => startRuntime(config, role, { supervisedDatabase: supervised, prepare }), {
    quiet: !!supervised,
    stopWithParent: !!supervised,
  }).catch(cannotStart);
  if (supervised) process.send?.({ type: 'started', bootstrap: runtime.bootstrap } satisfies StartedMessage);
  if (runtime.bootstrap && !supervised) {
    printBanner(config, { roles: role, databaseKind: runtime.deps.databaseKind, serves: !!runtime.app, bootstrap: runtime.bootstrap });
  }
}
