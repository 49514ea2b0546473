import { asc, count, desc, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { mediatypes } from '../../db/schema/coverage.js';
import { containsPattern } from '../../db/paging.js';

/** The media types every installation starts with (000 §3 "Media type: id, name"). */
export const DEFAULT_MEDIATYPES = [
  'News',
  'Blog',
  'Magazine',
  'Gaming site',
  'Tech site',
  'Entertainment',
  'Sports',
  'Business',
  'Podcast',
  'Video',
  'Forum',
  'Press release',
  'Other',
] as const;

/** Adds the default media types that are missing; safe to run on every start. */
export async function ensureMediatypes(db: Tx): Promise<void> {
  await db
    .insert(mediatypes)
    .values(DEFAULT_MEDIATYPES.map((name) => ({ name })))
    .onConflictDoNothing({ target: mediatypes.name });
}

/** Media types by name: a reference list, shared by every organization. */
export async function listMediatypes(db: Tx, opts: { search?: string; descending?: boolean; limit: number; offset: number }) {
  const where = opts.search ? ilike(mediatypes.name, containsPattern(opts.search)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(mediatypes)
      .where(where)
      .orderBy(opts.descending ? desc(mediatypes.name) : asc(mediatypes.name), asc(mediatypes.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(mediatypes).where(where),
  ]);
  return { rows, total: n };
}
