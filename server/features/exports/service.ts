import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { exports } from '../../db/schema/reports.js';

const LINK = /\/api\/p\/exports\/([A-Za-z0-9_-]+)/g;

/**
 * Storage keys of the finished exports that download links in `text` point at: a message kept
 * without SMTP logs where its file lies, so the operator can hand it over another way.
 */
export async function exportFileKeysInText(db: Tx, text: string): Promise<string[]> {
  const tokens = [...new Set([...text.matchAll(LINK)].map((m) => m[1]))];
  if (tokens.length === 0) return [];
  const rows = await db.select({ fileKey: exports.fileKey }).from(exports).where(inArray(exports.token, tokens));
  return rows.map((r) => r.fileKey).filter((k): k is string => !!k);
}
