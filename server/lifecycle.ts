import type { DatabaseKind } from './database-server.js';
import type { BootstrapResult } from './seed/seed.js';

/**
 * Set by the supervisor in its children's environment, to the kind of database it started for
 * them (their DATABASE_URL): a child prints no banner and stops quietly, since the supervisor
 * does that once for both.
 */
export const SUPERVISED_ENV = 'COVERWATCH_SUPERVISED';

/**
 * Set by the supervisor for the child that prepares the database (migrations, the bootstrap
 * seed) before it serves: the API, whose start the worker waits for. The supervisor itself loads
 * none of the application's code.
 */
export const PREPARE_ENV = 'COVERWATCH_PREPARE';

/**
 * A reason the server cannot start that a person can act on (a taken port, a data folder in
 * use): server/main.ts prints its message alone, without a stack, and exits 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** What a supervised child sends its supervisor over IPC once it has started. */
export interface StartedMessage {
  type: 'started';
  /** What the bootstrap seed did, from the child that prepared the database. */
  bootstrap: BootstrapResult | null;
}

export function isStartedMessage(message: unknown): message is StartedMessage {
  return typeof message === 'object' && message !== null && (message as StartedMessage).type === 'started';
}

/** The database kind a supervisor passed down, or undefined in a process started by hand. */
export function supervisedDatabase(env: NodeJS.ProcessEnv): DatabaseKind | undefined {
  const value = env[SUPERVISED_ENV];
  return value === 'embedded' || value === 'external' ? value : undefined;
}

/** True in the supervised child that migrates and seeds (PREPARE_ENV). */
export function preparesDatabase(env: NodeJS.ProcessEnv): boolean {
  return env[PREPARE_ENV] === '1';
}

export interface RunOptions {
  /** No `Stopping…` / `Stopped.` lines: a supervised child's supervisor prints them. */
  quiet: boolean;
  /** Also stop when the parent's IPC channel closes: a supervisor that was killed leaves no child running. */
  stopWithParent: boolean;
}

/**
 * Runs `start` and stops what it started on the first SIGINT or SIGTERM, then exits (0, or 1
 * if stopping failed). A terminal's Ctrl-C reaches every process of its group (npm, the
 * supervisor — scripts/start.mjs's own process — and its children; the embedded PostgreSQL runs in
 * its own group): act on the first. A signal during start-up aborts
 * `signal` and is kept until the start finishes, then everything started is stopped, so that no
 * database is left running behind a Ctrl-C. Resolves with what was started, unless stopped.
 */
export async function runUntilStopped<T extends { stop(): Promise<void> }>(start: (signal: AbortSignal) => Promise<T>, opts: RunOptions): Promise<T> {
  const abort = new AbortController();
  let started: T | null = null;
  const say = (line: string) => {
    if (!opts.quiet) console.log(line);
  };
  const stop = (current: T) =>
    current
      .stop()
      .then(() => {
        say('Stopped.');
        process.exit(0);
      })
      .catch((err) => {
        console.error('Stopping failed:', err instanceof Error ? err.message : err);
        process.exit(1);
      });
  const requestStop = (signal?: NodeJS.Signals) => {
    if (abort.signal.aborted) return;
    abort.abort();
    // A terminal echoes ^C without a line break.
    say(`${signal === 'SIGINT' ? '\n' : ''}Stopping…`);
    if (started) void stop(started);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, requestStop);
  if (opts.stopWithParent) process.once('disconnect', () => requestStop());
  started = await start(abort.signal);
  if (abort.signal.aborted) await stop(started);
  return started;
}
