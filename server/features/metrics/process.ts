import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { metrics } from './registry.js';

/** How often a process samples itself (and a worker writes its snapshot). */
export const SAMPLE_INTERVAL_MS = 5000;
/** The span of the operator's ingest rate and API latency. */
export const STATUS_WINDOW_MS = 5 * 60_000;

const startedAt = new Date(Math.round(performance.timeOrigin));

/** This process as `process_metrics` names it: a pid alone repeats across restarts and machines. */
export const thisProcess = {
  instance: `${os.hostname()}:${process.pid}:${startedAt.getTime()}`,
  host: os.hostname(),
  pid: process.pid,
  startedAt,
};

/** `[epoch ms, articles ingested so far]`, oldest first. */
export type CounterHistory = [number, number][];

/**
 * The articles counter every sample, over the last STATUS_WINDOW_MS plus the newest sample
 * before it (the baseline of the window's delta). `articles.first_seen_at` is not indexed, and an
 * index on the archive would cost every ingest, so the rate comes from the counter itself.
 */
const articlesHistory: CounterHistory = [];

/** Articles counted within the window ending at the newest sample; a younger process counts all of its own. */
export function articlesInWindow(history: CounterHistory): number {
  const newest = history.at(-1);
  if (!newest) return 0;
  const from = newest[0] - STATUS_WINDOW_MS;
  const baseline = history.findLast(([at]) => at <= from) ?? history[0];
  return newest[1] - baseline[1];
}

async function articlesTotal(): Promise<number> {
  return (await metrics.articlesIngested.get()).values[0]?.value ?? 0;
}

/** This process's history, ending with the counter as it is now. */
export async function currentArticlesHistory(): Promise<CounterHistory> {
  return [...articlesHistory, [Date.now(), await articlesTotal()]];
}

async function sampleArticles(now: number) {
  articlesHistory.push([now, await articlesTotal()]);
  const from = now - STATUS_WINDOW_MS;
  // Keep one sample at or before the window's start: the baseline.
  while (articlesHistory.length > 1 && articlesHistory[1][0] <= from) articlesHistory.shift();
}

const eventLoop = monitorEventLoopDelay({ resolution: 10 });
let timer: NodeJS.Timeout | null = null;
let users = 0;

/** Copies the window's event-loop delay into the gauges (seconds) and starts a new window. */
function sampleEventLoop() {
  metrics.eventLoopDelayMax.set(eventLoop.max / 1e9);
  metrics.eventLoopDelayP99.set(eventLoop.percentile(99) / 1e9);
  eventLoop.reset();
}

/**
 * Samples this process every SAMPLE_INTERVAL_MS: its event-loop delay and its articles counter.
 * Every role starts it (the app for the API, the snapshot writer for a worker); one sampler per
 * process whoever asks, stopped when the last one stops. The timer never keeps the process alive.
 */
export function startProcessSampler(): () => void {
  if (users++ === 0) {
    eventLoop.enable();
    void sampleArticles(Date.now());
    timer = setInterval(() => {
      sampleEventLoop();
      void sampleArticles(Date.now());
    }, SAMPLE_INTERVAL_MS);
    timer.unref();
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--users > 0) return;
    clearInterval(timer!);
    timer = null;
    eventLoop.disable();
  };
}
