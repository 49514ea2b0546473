import { parentPort } from 'node:worker_threads';
import { parseFeed } from './parse-feed.js';
import { parseNewsSitemap } from './parse-sitemap.js';
import type { ParseReply, ParseRequest } from './parse-pool.js';

/**
 * The parse thread's entry (parse-pool.ts starts it): parses one body at a time, off the worker's
 * event loop, and answers with the feed or the parse error's message (both parsers throw nothing else).
 */
parentPort!.on('message', ({ body, ctx }: ParseRequest) => {
  let reply: ParseReply;
  const parse = ctx.format === 'news_sitemap' ? parseNewsSitemap : parseFeed;
  try {
    reply = { ok: true, feed: parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength), ctx) };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});

// Loaded: the pool starts this thread's first deadline now, not when the thread was asked for.
parentPort!.postMessage({ ready: true } satisfies ParseReply);
