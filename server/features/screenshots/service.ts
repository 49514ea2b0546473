import type { Readable } from 'node:stream';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { resource } from '../../http/jsonapi.js';
import type { ScreenshotAttributes } from '../../../common/schemas/screenshots.js';
import type { BrowserLog } from '../../net/browser.js';
import type { Storage } from '../../storage/storage.js';
import { captureArticle } from './capture.js';
import { findSavedArticleRef, findScreenshot, findScreenshotJob, updateScreenshot, upsertScreenshots, type ScreenshotRow } from './repo.js';

export const SCREENSHOT_QUEUE = 'screenshots-take';

export interface ScreenshotDeps {
  db: Db;
  config: Config;
  storage: Storage;
  boss: PgBoss | null;
  log?: BrowserLog & { info?(obj: object, msg: string): void; error?(obj: object, msg: string): void };
}

export interface ScreenshotJob {
  orgId: number;
  id: number;
}

/** Where a member's app loads a screenshot's JPEG (`v` changes when the picture does, for caches). */
export const privateScreenshotUrl = (savedArticleId: number, version: number) => `/api/screenshots/${savedArticleId}/image?v=${version}`;

/** Where a screenshot's JPEG is kept in storage (one per saved article; a retake replaces it). */
export const screenshotKey = (orgId: number, savedArticleId: number) => `screenshots/${orgId}/${savedArticleId}.jpg`;

/** The rows (pending) of highlighted saved articles of the organization; the ones that need a picture taken are pending. */
export async function ensureScreenshotRows(tx: Tx, orgId: number, savedArticleIds: number[]): Promise<ScreenshotJob[]> {
  const { rows } = await upsertScreenshots(tx, orgId, savedArticleIds);
  return rows.filter((r) => r.status === 'pending').map((r) => ({ orgId, id: r.id }));
}

// Without a job queue (API tests) jobs run in this process, once per row at a time.
const inProcess = new Map<number, Promise<void>>();

/** Enqueues `screenshots-take` for each row (one queued or running job per row), after the rows are committed. */
export async function enqueueScreenshots(deps: ScreenshotDeps, jobs: ScreenshotJob[]): Promise<void> {
  for (const job of jobs) {
    if (deps.boss) {
      await deps.boss.send(SCREENSHOT_QUEUE, job, { singletonKey: `screenshot-${job.id}` });
    } else if (!inProcess.has(job.id)) {
      const run = runScreenshotJob(deps, job)
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => inProcess.delete(job.id));
      inProcess.set(job.id, run);
    }
  }
}

/** For tests: waits until the in-process screenshot jobs are done. */
export async function settleScreenshotJobs(): Promise<void> {
  while (inProcess.size) await Promise.all(inProcess.values());
}

/**
 * Takes the picture of one screenshot row (the `screenshots-take` job): screenshot, else
 * preview image, else placeholder; stores the JPEG and marks the row `ready`. An unexpected
 * error marks it `failed` (asking again retries).
 */
export async function runScreenshotJob(deps: Omit<ScreenshotDeps, 'boss'>, job: ScreenshotJob): Promise<string> {
  const row = await findScreenshotJob(deps.db, job.orgId, job.id);
  if (!row) return 'gone';
  try {
    const started = Date.now();
    const capture = await captureArticle({ config: deps.config, log: deps.log }, row.articleUrl, row.image);
    const key = screenshotKey(job.orgId, row.savedArticleId);
    if (capture.jpeg) await deps.storage.put(key, capture.jpeg);
    await updateScreenshot(deps.db, job.orgId, job.id, {
      status: 'ready',
      source: capture.source,
      imageKey: capture.jpeg ? key : null,
      contentType: capture.jpeg ? 'image/jpeg' : null,
      error: capture.error,
    });
    deps.log?.info?.({ job: SCREENSHOT_QUEUE, id: job.id, source: capture.source, ms: Date.now() - started }, 'screenshot taken');
    return capture.source;
  } catch (err) {
    deps.log?.error?.({ err, job: SCREENSHOT_QUEUE, id: job.id }, 'screenshot failed');
    await updateScreenshot(deps.db, job.orgId, job.id, { status: 'failed', error: (err as Error).message.slice(0, 500) });
    return 'failed';
  }
}

/**
 * Highlights an article (`POST screenshots`): creates the saved article's screenshot row, or
 * reuses it (a failed one is retried), and enqueues the picture. 404 for another
 * organization's article. `created` tells 201 from 200.
 */
export async function requestScreenshot(deps: ScreenshotDeps, orgId: number, savedArticleId: number): Promise<{ row: ScreenshotRow; created: boolean }> {
  if (!(await findSavedArticleRef(deps.db, orgId, savedArticleId))) throw notFound('article');
  const { created, rows } = await deps.db.transaction((tx) => upsertScreenshots(tx, orgId, [savedArticleId]));
  const row = rows[0];
  if (row.status === 'pending') await enqueueScreenshots(deps, [{ orgId, id: row.id }]);
  return { row, created: created.has(savedArticleId) };
}

export async function requireScreenshot(db: Db, orgId: number, savedArticleId: number): Promise<ScreenshotRow> {
  const row = await findScreenshot(db, orgId, savedArticleId);
  if (!row) throw notFound('screenshot');
  return row;
}

/** The stored JPEG of a ready screenshot, or null (pending, placeholder, lost file). */
export async function openScreenshotImage(storage: Storage, row: ScreenshotRow): Promise<Readable | null> {
  if (row.status !== 'ready' || !row.imageKey) return null;
  return storage.get(row.imageKey);
}

/** The `screenshot` resource; `imageUrl` is where its JPEG is served to this caller (null without one). */
export function screenshotResource(row: ScreenshotRow, imageUrl: (savedArticleId: number, version: number) => string) {
  const hasImage = row.status === 'ready' && !!row.imageKey;
  return resource('screenshot', row.savedArticleId, {
    article_id: String(row.savedArticleId),
    article_url: row.articleUrl,
    // The table keeps these as text; only the service writes them, with these values.
    status: row.status as ScreenshotAttributes['status'],
    source: row.source as ScreenshotAttributes['source'],
    image_url: hasImage ? imageUrl(row.savedArticleId, row.updatedAt.getTime()) : null,
    error: row.error,
    'inserted-at': row.insertedAt.toISOString(),
    'updated-at': row.updatedAt.toISOString(),
  } satisfies ScreenshotAttributes);
}
