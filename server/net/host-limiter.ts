/**
 * A small semaphore per host so that a crawl of many feeds on one site (Google Alerts feeds all
 * live on www.google.com) never hits it with more than a few requests at once.
 */
interface Slot {
  active: number;
  waiting: Array<() => void>;
}

const hosts = new Map<string, Slot>();

/** Waits for a free slot for `host`; the returned function frees it (call it exactly once). */
export async function acquireHost(host: string, limit: number): Promise<() => void> {
  let slot = hosts.get(host);
  if (!slot) {
    slot = { active: 0, waiting: [] };
    hosts.set(host, slot);
  }
  const s = slot;
  if (s.active >= Math.max(1, limit)) await new Promise<void>((resolve) => s.waiting.push(resolve));
  else s.active++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = s.waiting.shift();
    // The freed slot passes straight to the next waiter, so `active` stays the same.
    if (next) next();
    else if (--s.active === 0) hosts.delete(host);
  };
}

/** Requests running now for `host` (tests and diagnostics). */
export function activeForHost(host: string): number {
  return hosts.get(host)?.active ?? 0;
}
