import { spawn, type ChildProcess } from 'node:child_process';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { createDatabase } from './db/client.js';
import { openDatabaseServer, prepareDatabase, type DatabaseKind } from './database-setup.js';
import { errorSerializers } from './jobs/log-errors.js';
import { localUrl } from './banner.js';
import { STARTED_MESSAGE, SUPERVISED_ENV } from './lifecycle.js';
import { assertCanListen } from './listen-check.js';
import { relayLines } from './process-log.js';
import type { BootstrapResult } from './seed/seed.js';

/**
 * The default start (`npm start`): the API and the workers in two processes, so that a crawl's
 * parsing and matching never stall the event loop that answers people. The supervisor owns the
 * embedded database, migrates and seeds it once, then runs `--role=api` and `--role=worker` as
 * children, relays their output as one log stream, restarts a child that dies (with back-off)
 * and stops both before the database.
 */

const CHILD_ROLES = ['api', 'worker'] as const;
type ChildRole = (typeof CHILD_ROLES)[number];

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
  bootstrap: BootstrapResult;
  /**
   * Resolves true once the API answers GET /api/health and the worker has reported that it
   * started (so the banner comes after their start-up lines), false if stopping came first.
   */
  untilReady(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Starts the database, prepares it and starts the children. An aborted `signal` (a Ctrl-C
 * during start-up) skips the children: the caller stops what was started.
 */
export async function startSupervisor(config: Config, signal: AbortSignal): Promise<Supervisor> {
  const log = pino({ level: config.logLevel, base: { role: 'supervisor' }, serializers: errorSerializers });
  // Before the database: a taken port stops the start here, not in a crash loop of the API child.
  await assertCanListen(config.host, config.port);
  const server = await openDatabaseServer(config, log);
  let bootstrap: BootstrapResult;
  try {
    bootstrap = await prepareOnce(server.url, config, log);
  } catch (err) {
    await server.stop();
    throw err;
  }
  const env = { ...process.env, DATABASE_URL: server.url, [SUPERVISED_ENV]: server.kind };
  const children = signal.aborted ? [] : CHILD_ROLES.map((role) => new SupervisedChild(role, env, log));
  for (const child of children) child.start();
  const stopping = new AbortController();
  const worker = children.find((child) => child.role === 'worker');
  return {
    databaseKind: server.kind,
    bootstrap,
    untilReady: () => untilReady(`${localUrl(config)}/api/health`, worker, stopping.signal),
    async stop() {
      stopping.abort();
      await Promise.all(children.map((child) => child.stop()));
      await server.stop();
    },
  };
}

/** Migrations and the bootstrap seed, on a pool of its own that closes once they are done. */
async function prepareOnce(url: string, config: Config, log: Logger): Promise<BootstrapResult> {
  const database = createDatabase(url, { max: 2, statementTimeoutMs: config.statementTimeoutMs, applicationName: 'coverwatch' });
  try {
    return await prepareDatabase(url, database.db, config, log);
  } finally {
    await database.close();
  }
}

async function untilReady(healthUrl: string, worker: SupervisedChild | undefined, stopping: AbortSignal): Promise<boolean> {
  const stopped = new Promise<false>((resolve) => stopping.addEventListener('abort', () => resolve(false), { once: true }));
  const ready = Promise.all([untilHealthy(healthUrl, stopping), worker?.started]).then(([healthy]) => healthy);
  return (await Promise.race([stopped, ready])) && !stopping.aborted;
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

/**
 * One role's process: started with this process's node flags (SERVER_NODE_FLAGS, tsx), in the
 * same process group so that a terminal's Ctrl-C reaches it too, and with an IPC channel: the
 * child reports over it that it has started, and its closing tells the child that the
 * supervisor is gone.
 */
class SupervisedChild {
  /** Resolves when the child's first run reports that it has started (main.ts sends `started`). */
  readonly started: Promise<void>;
  private reportStarted!: () => void;
  private process: ChildProcess | null = null;
  private startedAt = 0;
  private lastDelayMs: number | null = null;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    readonly role: ChildRole,
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: Logger,
  ) {
    this.started = new Promise((resolve) => (this.reportStarted = resolve));
  }

  start() {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], `--role=${this.role}`], {
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
      if (message === STARTED_MESSAGE) this.reportStarted();
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
    const delayMs = restartDelay(this.lastDelayMs, Date.now() - this.startedAt);
    this.lastDelayMs = delayMs;
    this.log.error(
      { child: this.role, pid: child.pid, code, signal, restartInMs: delayMs },
      `${this.role} process exited unexpectedly (${signal ?? `code ${code}`}); restarting in ${delayMs / 1000} s`,
    );
    this.restartTimer = setTimeout(() => this.start(), delayMs);
  }
}
