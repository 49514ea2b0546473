import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  KINDS,
  OUTLET_KINDS,
  type KindSetup,
  type LinkedControls,
  type MovedControls,
  type OutletKind,
  type SitemapControls,
  type SlowControls,
} from './outlets-web-kinds.js';

export { OUTLET_KINDS, type OutletKind } from './outlets-web-kinds.js';
export type { NewsArticle } from './sitemaps-render.js';

/**
 * A local web of news outlets for feed discovery's tests and benchmarks: each outlet is its own
 * HTTP server on 127.0.0.1 with a random port (a distinct host:port is a distinct site), of one
 * kind (outlets-web-kinds.ts): well-behaved ones that announce their feeds in different ways,
 * and the ones that break discoverers (a Cloudflare challenge, a redirect loop, a 50 MB page, a
 * gzip bomb…). Fetching from it needs `allowPrivate: true`; nothing listens anywhere else.
 */

export interface OutletRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface Outlet {
  name: string;
  kind: OutletKind;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Every request the outlet received, in order. */
  requests: OutletRequest[];
  /** The most requests it was answering at once (a crawler's per-host limit, seen from the site). */
  readonly maxInFlight: number;
  /** The outlet's main feed or news sitemap as it is now, or null when it has none. */
  readonly feedUrl: string | null;
}
export type LinkedOutlet = Outlet & LinkedControls;
export type SitemapOutlet = Outlet & SitemapControls;
export type MovedOutlet = Outlet & MovedControls;
export type SlowOutlet = Outlet & SlowControls;
/** The outlet type of a kind, with its controls. */
export type OutletOf<K extends OutletKind> = K extends 'linked'
  ? LinkedOutlet
  : K extends 'sitemap'
    ? SitemapOutlet
    : K extends 'moved'
      ? MovedOutlet
      : K extends 'slow'
        ? SlowOutlet
        : Outlet;

export interface OutletsWeb {
  outlets: Outlet[];
  outlet(name: 'linked'): LinkedOutlet;
  outlet(name: 'sitemap'): SitemapOutlet;
  outlet(name: 'moved'): MovedOutlet;
  outlet(name: 'slow'): SlowOutlet;
  outlet(name: string): Outlet;
  /** Starts `n` more outlets of `kind` (default 'linked': distinct feeds of ten fresh items each), named `<kind>-1`, `<kind>-2`… */
  addOutlets<K extends OutletKind = 'linked'>(n: number, kind?: K): Promise<OutletOf<K>[]>;
  /** Closes every server and every open connection (the slow outlet's too). */
  close(): Promise<void>;
}

/** One outlet of each kind, named by its kind, and `opts.outlets` more linked ones (linked-1…). */
export async function startOutletsWeb(opts: { outlets?: number } = {}): Promise<OutletsWeb> {
  const servers: http.Server[] = [];
  const outlets: Outlet[] = [];
  const byName = new Map<string, Outlet>();
  const counts = new Map<OutletKind, number>();

  const start = async (kind: OutletKind, name: string): Promise<Outlet> => {
    let setup: KindSetup | null = null;
    const requests: OutletRequest[] = [];
    const load = { now: 0, max: 0 };
    const server = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
      load.max = Math.max(load.max, ++load.now);
      res.once('close', () => load.now--);
      // A client that leaves mid-answer (a size cap, a deadline) is expected, not an error.
      res.on('error', () => {});
      setup!.handle(req, res, path);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ready = KINDS[kind]({ name, origin });
    setup = ready;
    const feedUrl = () => {
      const path = ready.feedPath();
      return path === null ? null : origin + path;
    };
    return Object.defineProperties(
      { name, kind, origin, requests, ...ready.controls },
      {
        feedUrl: { get: feedUrl, enumerable: true },
        maxInFlight: { get: () => load.max, enumerable: true },
      },
    ) as Outlet;
  };

  /** Starts the outlets together and lists them in the order asked, whichever listens first. */
  const startAll = async (wanted: { kind: OutletKind; name: string }[]) => {
    const started = await Promise.all(wanted.map(({ kind, name }) => start(kind, name)));
    for (const o of started) byName.set(o.name, o);
    outlets.push(...started);
    return started;
  };

  const addOutlets = (n: number, kind: OutletKind = 'linked') => {
    const first = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, first + n - 1);
    return startAll(Array.from({ length: n }, (_, i) => ({ kind, name: `${kind}-${first + i}` })));
  };

  await startAll(OUTLET_KINDS.map((kind) => ({ kind, name: kind })));
  await addOutlets(opts.outlets ?? 0);

  const outlet = (name: string): Outlet => {
    const found = byName.get(name);
    if (!found) throw new Error(`No outlet named ${name}`);
    return found;
  };

  return {
    outlets,
    outlet: outlet as OutletsWeb['outlet'],
    addOutlets: addOutlets as OutletsWeb['addOutlets'],
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
