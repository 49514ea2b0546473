import { spawn, type ChildProcess } from 'node:child_process';
import pino, { type Logger } from 'pino';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import type { Config } from './config.js';
import { openDatabaseServer, type DatabaseKind } from './database-server.js';
import { errorSerializers } from './jobs/log-errors.js';
import { localUrl } from './banner.js';
import { isStartedMessage, PREPARE_ENV, StartupError, SUPERVISED_ENV } from './lifecycle.js';
import { assertCanListen } from './listen-check.js';
import { relayLines } from './process-log.js';
import type { BootstrapResult } from './seed/seed.js';

/**
 * The default start (`npm start`): the API and the workers in two processes, so that a crawl's
 * parsing and matching never stall the event loop that answers people. The supervisor is small:
 * it loads none of the application's code (no HTTP app, no jobs, no ORM, no seed). It owns the
 * embedded database, then runs `--role=api` — which migrates and seeds before it serves — and,
 * once the API has started, `--role=worker`; it relays their output as one log stream, restarts a
 * child that dies (with back-off) and stops both before the database.
 */

type ChildRole = 'api' | 'worker';

/** A child still running this long after SIGTERM is killed. */
const STOP_GRACE_MS = 15_000;
const HEALTH_POLL_MS = 200;

const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, resetAfterUpMs: 60_000 } as const;

/**
 * The wait before restarting a child that exited after `upMs` of running: 1 s, doubling with
 * each crash up to 30 s, and 1 s again for a child that had stayed up a minute (a crash then is
 * news, not a loop).
 */
export function restartDelay(previousMs: number | null, upMs: number): number {
  if (previousMs === null || upMs >= RESTART_BACKOFF.resetAfterUpMs) return RESTART_BACKOFF.firstMs;
  return Math.min(previousMs * 2, RESTART_BACKOFF.maxMs);
}

export interface Supervisor {
  databaseKind: DatabaseKind;
  /**
   * Resolves with what the bootstrap seed did once the API answers GET /api/health and the worker
   * has reported that it started (so the banner comes after their start-up lines), or null if
   * stopping came first.
   */
  untilReady(): Promise<BootstrapResult | null>;
  stop(): Promise<void>;
}

/**
 * Starts the database and the children (`entry` is the server's main module, which they run with
 * a role). An aborted `signal` (a Ctrl-C during start-up) skips the children: the caller stops
 * what was started.
 */
export async function startSupervisor(config: Config, signal: AbortSignal, entry: string): Promise<Supervisor> {
  const log = pino({ level: config.logLevel, base: { role: 'supervisor' }, serializers: errorSerializers });
  // Before the database: a taken port stops the start here, not in a crash loop of the API child.
  await assertCanListen(config.host, config.port);
  const server = await openDatabaseServer(config, log);
  const env = { ...process.env, DATABASE_URL: server.url, [SUPERVISED_ENV]: server.kind };
  const stopping = new AbortController();
  const api = new SupervisedChild('api', entry, { ...env, [PREPARE_ENV]: '1' }, log);
  const worker = new SupervisedChild('worker', entry, env, log);
  const children = [api, worker];
  // A first start that fails (a migration that cannot run, a bad setting) is not retried in a loop:
  // the start stops with the child's own error above it.
  const failedFirstStart = new Promise<never>((_, reject) => {
    api.onFailedFirstStart = () => reject(new StartupError('the API process could not start (its error is above).'));
  });
  if (!signal.aborted) {
    api.start();
    // The worker uses what the API's start migrated and seeded.
    void api.started.then(() => {
      if (!stopping.signal.aborted) worker.start();
    });
  }
  return {
    databaseKind: server.kind,
    untilReady: () => untilReady(`${localUrl(config)}/api/health`, api, worker, failedFirstStart, stopping.signal),
    async stop() {
      stopping.abort();
      await Promise.all(children.map((child) => child.stop()));
      await server.stop();
    },
  };
}

async function untilReady(
  healthUrl: string,
  api: SupervisedChild,
  worker: SupervisedChild,
  failed: Promise<never>,
  stopping: AbortSignal,
): Promise<BootstrapResult | null> {
  const stopped = new Promise<null>((resolve) => stopping.addEventListener('abort', () => resolve(null), { once: true }));
  const ready = Promise.all([api.started, untilHealthy(healthUrl, stopping), worker.started]).then(([bootstrap, healthy]) => (healthy ? bootstrap : null));
  const result = await Promise.race([stopped, ready, failed]);
  return stopping.aborted ? null : result;
}

async function untilHealthy(url: string, stopping: AbortSignal): Promise<boolean> {
  while (!stopping.aborted) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then(async (res) => (await res.arrayBuffer(), res.ok))
      .catch(() => false);
    if (answered) return true;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  return false;
}

/** The node flags of a child: the server's V8 flags, plus what this process was started with (tsx from sources). */
function childNodeArgs(): string[] {
  return [...SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag)), ...process.execArgv];
}

/**
 * One role's process: started with the server's node flags, in the same process group so that a
 * terminal's Ctrl-C reaches it too, and with an IPC channel: the child reports over it that it
 * has started, and its closing tells the child that the supervisor is gone.
 */
class SupervisedChild {
  /** Resolves when the child's first run reports that it has started, with its bootstrap result. */
  readonly started: Promise<BootstrapResult | null>;
  /** Called when the child exits before its first run reported a start. */
  onFailedFirstStart: (() => void) | null = null;
  private reportStarted!: (bootstrap: BootstrapResult | null) => void;
  private hasStarted = false;
  private process: ChildProcess | null = null;
  private startedAt = 0;
  private lastDelayMs: number | null = null;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    readonly role: ChildRole,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: Logger,
  ) {
    this.started = new Promise((resolve) => (this.reportStarted = resolve));
  }

  start() {
    const child = spawn(process.execPath, [...childNodeArgs(), this.entry, `--role=${this.role}`], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.process = child;
    this.startedAt = Date.now();
    relayLines(child.stdout!, process.stdout, this.role);
    relayLines(child.stderr!, process.stderr, this.role);
    // 'close' comes after the child's last output lines, so a crash report follows its stack trace.
    child.once('close', (code, signal) => this.exited(child, code, signal));
    child.on('message', (message) => {
      if (!isStartedMessage(message)) return;
      this.hasStarted = true;
      this.reportStarted(message.bootstrap);
    });
    child.once('error', (err) => this.log.error({ err, child: this.role }, `could not start the ${this.role} process`));
    this.log.info({ child: this.role, pid: child.pid }, `${this.role} process started`);
  }

  /** Asks the child to stop (SIGTERM, SIGKILL after STOP_GRACE_MS); resolves once it has exited. */
  stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.process;
    if (!child) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => {
        this.log.warn({ child: this.role, pid: child.pid }, `${this.role} process did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
        child.kill('SIGKILL');
      }, STOP_GRACE_MS);
      child.once('close', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    this.process = null;
    if (this.stopping) return;
    if (!this.hasStarted && this.onFailedFirstStart) {
      this.log.error({ child: this.role, pid: child.pid, code, signal }, `${this.role} process exited before it started (${signal ?? `code ${code}`})`);
      this.onFailedFirstStart();
      return;
    }
    const delayMs = restartDelay(this.lastDelayMs, Date.now() - this.startedAt);
    this.lastDelayMs = delayMs;
    this.log.error(
      { child: this.role, pid: child.pid, code, signal, restartInMs: delayMs },
      `${this.role} process exited unexpectedly (${signal ?? `code ${code}`}); restarting in ${delayMs / 1000} s`,
    );
    this.restartTimer = setTimeout(() => this.start(), delayMs);
  }
}
