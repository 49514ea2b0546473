import { Worker } from 'node:worker_threads';
import { MSG } from '../../../common/messages.js';
import { CORES } from '../../config.js';
import { FEED_PARSE_MESSAGES, FeedParseError, parseFeed, type ParsedFeed } from './parse-feed.js';
import { parseNewsSitemap } from './parse-sitemap.js';

/**
 * Parsing off the event loop. feedsmith's parse is one synchronous call that cannot be cut into
 * slices (~0.3 ms per KB of RSS or Atom: a 1,000-item feed holds the loop for ~140 ms), so large
 * bodies go to a small pool of worker threads; small ones are parsed inline, where a parse costs
 * less than the trip to a thread. A thread that crashes (or runs out of memory on a hostile body)
 * fails only the parse it was running, as a FeedParseError, and is replaced on the next parse;
 * so does a parse that outlives its deadline (a body built to be slow to read): its thread is
 * terminated, the feed fails with its own error and the parses queued behind it go on.
 */

export interface ParseContext {
  contentType?: string | null;
  url: string;
  /** What the body is read as (default 'feed'): a Google News sitemap gives the same `ParsedFeed`. */
  format?: 'feed' | 'news_sitemap';
}

export interface ParseRequest {
  body: Uint8Array;
  ctx: ParseContext;
}

/** A thread's answer to a request, or its word that it has loaded and is about to read the first. */
export type ParseReply = { ok: true; feed: ParsedFeed } | { ok: false; message: string } | { ready: true };

/** Bodies up to this size parse inline: ~10 ms of RSS or Atom, well under a stall that matters. */
export const INLINE_MAX_BYTES = 32 * 1024;

/**
 * How long one off-thread parse may take (CRAWLER_PARSE_TIMEOUT_MS). The largest feed a fetch
 * accepts (15 MiB) parses in about 1 s here, and a body of nothing but bounded hostile fields
 * in about 2.5 s: 10 s is slow only for what was built to be.
 */
export const DEFAULT_PARSE_DEADLINE_MS = 10_000;

/** Parses a fetched feed (or news sitemap) without holding the event loop for long. Rejects with `FeedParseError` only. */
export async function parseFeedOffLoop(body: Buffer, ctx: ParseContext): Promise<ParsedFeed> {
  if (body.length <= INLINE_MAX_BYTES) return (ctx.format === 'news_sitemap' ? parseNewsSitemap : parseFeed)(body, ctx);
  sharedPool ??= new ParsePool({ threads: Math.max(1, Math.min(4, Math.floor(CORES / 2))), spawn: spawnParseThread, deadlineMs: sharedDeadlineMs });
  return sharedPool.parse(body, ctx);
}

// Created on the first large body: most processes (the API, tests) never start a thread.
let sharedPool: ParsePool | null = null;
let sharedDeadlineMs = DEFAULT_PARSE_DEADLINE_MS;

/** Sets the deadline of this process's off-thread parses (config crawler.parseTimeoutMs); called at start. */
export function configureParsePool(opts: { deadlineMs: number }): void {
  sharedDeadlineMs = opts.deadlineMs;
  sharedPool?.setDeadline(opts.deadlineMs);
}

interface Job extends ParseRequest {
  resolve(feed: ParsedFeed): void;
  reject(err: FeedParseError): void;
  /** The deadline's timer while the job is on a thread. */
  timer?: NodeJS.Timeout;
}

export interface ParsePoolOptions {
  threads: number;
  spawn: () => Worker;
  /** How long a parse may run on its thread before the thread is replaced and the parse fails (a new thread's first parse: counted again once the thread has loaded). */
  deadlineMs: number;
}

/**
 * At most `threads` threads, started on demand, one parse each at a time, the rest queued. A
 * thread keeps the process alive only while it parses (unref'd when idle), so an idle pool never
 * holds a process open. Each parse has `deadlineMs` on its thread; one that runs longer fails
 * with its own error and its thread is terminated (a synchronous parse cannot be interrupted any
 * other way) and replaced for the next in the queue.
 */
export class ParsePool {
  private readonly live = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private deadlineMs: number;

  constructor(private readonly opts: ParsePoolOptions) {
    this.deadlineMs = opts.deadlineMs;
  }

  /** The deadline of the parses started from now on. */
  setDeadline(ms: number): void {
    this.deadlineMs = ms;
  }

  parse(body: Buffer, ctx: ParseContext): Promise<ParsedFeed> {
    return new Promise((resolve, reject) => {
      this.queue.push({ body, ctx, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? (this.live.size < this.opts.threads ? this.spawn() : null);
      if (!thread) return;
      const job = this.queue.shift()!;
      this.busy.set(thread, job);
      thread.ref();
      thread.postMessage({ body: job.body, ctx: job.ctx } satisfies ParseRequest);
      this.arm(thread, job);
    }
  }

  private spawn(): Worker {
    const thread = this.opts.spawn();
    thread.unref();
    thread.on('message', (reply: ParseReply) => ('ready' in reply ? this.ready(thread) : this.finish(thread, reply)));
    thread.on('error', (err) => this.retire(thread, err));
    thread.on('exit', (code) => this.retire(thread, new Error(`the parse thread exited (code ${code})`)));
    this.live.add(thread);
    return thread;
  }

  /** (Re)starts the job's deadline on its thread. */
  private arm(thread: Worker, job: Job): void {
    clearTimeout(job.timer);
    const ms = this.deadlineMs;
    job.timer = setTimeout(() => this.expire(thread, job, ms), ms);
  }

  /**
   * A new thread has loaded its modules: its first parse gets its whole deadline from now, so
   * a thread slow to start (a busy machine) does not fail the parse it was started for.
   */
  private ready(thread: Worker): void {
    const job = this.busy.get(thread);
    if (job) this.arm(thread, job);
  }

  private finish(thread: Worker, reply: Exclude<ParseReply, { ready: true }>): void {
    const job = this.busy.get(thread);
    this.busy.delete(thread);
    clearTimeout(job?.timer);
    thread.unref();
    this.idle.push(thread);
    if (reply.ok) job?.resolve(reply.feed);
    else job?.reject(new FeedParseError(reply.message));
    this.drain();
  }

  /** The job is still on its thread at its deadline: it fails with its own error, and the thread is terminated and replaced. */
  private expire(thread: Worker, job: Job, ms: number): void {
    if (this.busy.get(thread) !== job) return;
    this.busy.delete(thread);
    job.reject(new FeedParseError(MSG.feedParse.tooSlow(Math.round(ms / 100) / 10)));
    this.retire(thread, null);
  }

  /** A thread that failed, exited or ran out of time is dropped (once: 'error' is followed by 'exit'); its parse, if any, fails. */
  private retire(thread: Worker, cause: unknown): void {
    if (!this.live.delete(thread)) return;
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    const job = this.busy.get(thread);
    this.busy.delete(thread);
    clearTimeout(job?.timer);
    void thread.terminate();
    job?.reject(new FeedParseError(FEED_PARSE_MESSAGES.malformed, { cause }));
    this.drain();
  }
}

/**
 * Starts a thread on the parser's entry. A built server (`npm run build`, dist/server) runs plain
 * JavaScript: parse-thread.js sits beside this module's chunk. From sources, the TypeScript runs
 * through tsx (`npm run dev`, the benches) or vitest's transform, and neither reaches a worker's
 * entry module (on Node 20 even an inherited `--import tsx` applies only after the entry is
 * resolved), so the thread registers tsx itself before it imports the entry.
 */
export function spawnParseThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./parse-thread.js', import.meta.url));
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./parse-thread.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((api) => { api.register(); return import(${entry}); });`, { eval: true });
}
