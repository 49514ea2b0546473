import { parentPort } from 'node:worker_threads';
import { storyOfItem } from './item-text.js';
import { parseFeed } from './parse-feed.js';
import { parseNewsSitemap } from './parse-sitemap.js';
import type { ParseReply, ParseRequest } from './parse-pool.js';

/**
 * The parse thread's entry (parse-pool.ts starts it): parses one body at a time, off the worker's
 * event loop, and answers with the feed (each item with its story fingerprint) or the parse
 * error's message (both parsers throw nothing else).
 */
parentPort!.on('message', ({ body, ctx }: ParseRequest) => {
  let reply: ParseReply;
  const parse = ctx.format === 'news_sitemap' ? parseNewsSitemap : parseFeed;
  try {
    const feed = parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength), ctx);
    // Each item's story fingerprint is made here too, off the ingest's event loop (normalize.ts passes it on).
    for (const item of feed.items) item.story = storyOfItem(item);
    reply = { ok: true, feed };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});

// Loaded: the pool starts this thread's first deadline now, not when the thread was asked for.
parentPort!.postMessage({ ready: true } satisfies ParseReply);
