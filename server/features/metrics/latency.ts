import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { STATUS_WINDOW_MS } from './process.js';
import { metrics } from './registry.js';

/** The scrape itself is left out of the request metrics: Prometheus would mostly measure itself. */
export const METRICS_PATH = '/metrics';

/** Requests kept for the status's percentiles: above ~66 requests/s the window is the last 20,000 requests. */
const CAPACITY = 20_000;

export interface LatencySummary {
  requests: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/**
 * The durations (ms) of recent requests in a fixed ring: memory stays bounded however busy the
 * API is, and recording is two array writes. Percentiles are computed when asked (an operator's
 * status request), by sorting the window's samples.
 */
export class LatencyWindow {
  private readonly at = new Float64Array(CAPACITY);
  private readonly ms = new Float64Array(CAPACITY);
  private next = 0;
  private size = 0;

  record(durationMs: number, now = Date.now()): void {
    this.at[this.next] = now;
    this.ms[this.next] = durationMs;
    this.next = (this.next + 1) % CAPACITY;
    this.size = Math.min(this.size + 1, CAPACITY);
  }

  /** Nearest-rank percentiles (one decimal) of the requests in the last `windowMs`; nulls when there were none. */
  summary(windowMs = STATUS_WINDOW_MS, now = Date.now()): LatencySummary {
    const from = now - windowMs;
    const samples: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.at[i] >= from) samples.push(this.ms[i]);
    samples.sort((a, b) => a - b);
    const rank = (p: number) => (samples.length ? round1(samples[Math.ceil((p / 100) * samples.length) - 1]) : null);
    return { requests: samples.length, p50: rank(50), p95: rank(95), p99: rank(99) };
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** This API process's requests to /api. */
export const apiLatency = new LatencyWindow();

const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

/**
 * onResponse: the request's duration by route pattern (never the raw URL: ids and tokens would
 * make a series each), method and status class. A label lookup and a bucket increment: it costs
 * microseconds on every request.
 */
export function recordRequestDuration(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const route = req.routeOptions.url;
  if (route !== METRICS_PATH) {
    const labels = { method: req.method, route: route ?? 'unmatched', status: statusClass(reply.statusCode) };
    metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    if (route?.startsWith('/api/')) apiLatency.record(reply.elapsedTime);
  }
  done();
}
