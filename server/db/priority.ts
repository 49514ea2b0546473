import os from 'node:os';
import type pg from 'pg';

/** True when `url` names a database on this machine (a loopback host or a Unix socket). */
export function isLocalDatabase(url: string): boolean {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const socket = u.searchParams.get('host');
    if (socket?.startsWith('/')) return true;
    return host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/**
 * Background work yields the CPU to people: the worker process runs at `nice`, and so does each
 * PostgreSQL backend serving its pool when the database runs on this machine (a backend is a
 * process of its own; its CPU is most of an ingest's cost). Linux's scheduler then gives the
 * API's backends about ten times the weight of the crawler's at nice 10 while both want a core,
 * and the crawler all of it while nobody else does. Renicing another user's process needs that
 * user or root: where it is refused, the crawler's adaptive limit (features/crawler/throttle.ts)
 * still yields, and the refusal is reported once. Lowering priority never blocks a lock holder
 * for long: the crawler's transactions are short and readers never wait for writers.
 */
export function lowerWorkerPriority(opts: {
  pool: pg.Pool;
  url: string;
  nice: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}): void {
  if (opts.nice <= 0) return;
  try {
    os.setPriority(opts.nice);
  } catch (err) {
    opts.log.warn({ err: (err as Error).message }, 'could not lower the worker process priority');
  }
  if (!isLocalDatabase(opts.url)) return;
  let reported = false;
  opts.pool.on('connect', (client) => {
    // The backend's pid came with the connection (BackendKeyData): no query needed.
    const pid = (client as pg.PoolClient & { processID?: number }).processID;
    if (!pid) return;
    try {
      os.setPriority(pid, opts.nice);
    } catch (err) {
      if (reported) return;
      reported = true;
      opts.log.info({ err: (err as Error).message }, 'database backends keep their priority (renice refused); the crawler still adapts to load');
    }
  });
}
