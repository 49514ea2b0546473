import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/** More words than this behind one prefix: the index's own partial match is the cheaper plan. */
export const MAX_PREFIX_WORDS = 64;

/**
 * The archive's words that begin with `prefix` (the lexemes table, kept by a trigger on
 * articles), in byte order; null when there are more than `max`. A GIN partial match (`'bre':*`)
 * reads the postings of every such word in every feed before the alert's own rows are picked
 * out (16 ms for a word in 90,000 feed rows); the same words looked up exactly take 2 ms.
 */
export async function wordsStartingWith(db: Tx, prefix: string, max = MAX_PREFIX_WORDS): Promise<string[] | null> {
  // U+10FFFF sorts after every character, so [prefix, prefix + U+10FFFF) is exactly the words
  // beginning with prefix in the column's "C" (code point) order.
  const res = await db.execute<{ word: string }>(sql`
    select word from lexemes
     where word >= ${prefix} and word < ${prefix} || chr(1114111)
     order by word limit ${max + 1}`);
  return res.rows.length > max ? null : res.rows.map((r) => r.word);
}
