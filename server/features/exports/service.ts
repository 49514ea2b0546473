import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { exports } from '../../db/schema/reports.js';

/*
 * The `exports` table is this feature's: a feature that produces a file (Super Search's export)
 * records it through these functions, and the download route (`GET /api/p/exports/{token}`) reads it.
 */

export type ExportRow = typeof exports.$inferSelect;

/** Records an export to run: a fresh unguessable token, `queued`, valid for `ttlDays`. */
export async function createExport(
  tx: Tx,
  input: { orgId: number; userId: number; kind: string; params: Record<string, unknown>; toEmail: string; ttlDays: number },
): Promise<{ id: string; token: string }> {
  const [row] = await tx
    .insert(exports)
    .values({
      token: randomBytes(32).toString('base64url'),
      organizationId: input.orgId,
      userId: input.userId,
      kind: input.kind,
      params: input.params,
      toEmail: input.toEmail,
      status: 'queued',
      expiresAt: new Date(Date.now() + input.ttlDays * 86_400_000),
    })
    .returning({ id: exports.id, token: exports.token });
  return row;
}

/** Claims an export of `kind` to run; undefined when it is done, failed or unknown (a repeated job does nothing). */
export async function claimExport(tx: Tx, id: string, kind: string): Promise<ExportRow | undefined> {
  const [row] = await tx
    .update(exports)
    .set({ status: 'running' })
    .where(sql`${exports.id} = ${id} and ${exports.status} in ('queued', 'running') and ${exports.kind} = ${kind}`)
    .returning();
  return row;
}

/** The export's file is written: done, with its row count and storage key. */
export async function finishExport(tx: Tx, id: string, result: { rowCount: number; fileKey: string }): Promise<void> {
  await tx
    .update(exports)
    .set({ status: 'done', rowCount: result.rowCount, fileKey: result.fileKey, error: null, finishedAt: new Date() })
    .where(eq(exports.id, id));
}

/** The export failed: the reason is kept, no file. */
export async function failExport(tx: Tx, id: string, error: string): Promise<void> {
  await tx.update(exports).set({ status: 'failed', error, rowCount: null, fileKey: null, finishedAt: new Date() }).where(eq(exports.id, id));
}

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
