import { unlink } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { refreshRankingIfDue, runRankingImport } from './ranking.js';
import { rescoreStale } from './rescore.js';
import { closeInterruptedAttempt } from './state.js';

export const REACH_QUEUES = {
  /** Every 30 minutes (and once at start): RANKING_URL when due, Tranco daily when switched on, and websites added since the last scoring. */
  ranking: 'ranking-refresh',
  /** An uploaded list, saved to a file by the API, imported here. */
  upload: 'ranking-upload',
} as const;

export interface RankingUploadJob {
  path: string;
  name: string;
}

export async function createReachQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(REACH_QUEUES.ranking, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 3600, deleteAfterSeconds: 3600 });
  await boss.createQueue(REACH_QUEUES.upload, { retryLimit: 0, expireInSeconds: 3600, deleteAfterSeconds: 3600 });
}

export async function enqueueRankingUpload(boss: PgBoss, job: RankingUploadJob): Promise<void> {
  await boss.send(REACH_QUEUES.upload, job);
}

export async function startReachWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await closeInterruptedAttempt(deps.db);
  await boss.work<{ atStart?: boolean }>(REACH_QUEUES.ranking, { pollingIntervalSeconds: 5 }, async ([job]) => {
    const outcome = await refreshRankingIfDue(deps, { atStart: Boolean(job?.data?.atStart) });
    // Websites added since (the directory at start, a suggestion, the Websites screen) take the current list's scores.
    const rescore = outcome?.ok ? outcome.rescore : await rescoreStale(deps);
    return { imported: outcome ? outcome.ok : null, websites: rescore.websites };
  });
  await boss.work<RankingUploadJob>(REACH_QUEUES.upload, { pollingIntervalSeconds: 2 }, async ([job]) => ({
    ok: (await importUploadedRanking(deps, job.data)).ok,
  }));
  await boss.schedule(REACH_QUEUES.ranking, '*/30 * * * *');
  await boss.send(REACH_QUEUES.ranking, { atStart: true });
}

/** Imports an uploaded file saved by the API, then deletes it. */
export async function importUploadedRanking(deps: { db: Db; config: Config; log: Logger }, { path, name }: RankingUploadJob) {
  try {
    return await runRankingImport(deps, 'upload', async () => ({
      meta: { source: 'upload', sourceUrl: name, trancoId: trancoIdFromName(name), listDate: new Date().toISOString().slice(0, 10) },
      stream: createReadStream(path),
    }));
  } finally {
    await unlink(path).catch(() => {});
  }
}

/** Tranco's downloads are named `tranco_{ID}.csv` / `tranco_{ID}-1m.csv.zip`: the id is kept for the citation. */
export function trancoIdFromName(name: string): string | null {
  const m = /^tranco_([A-Z0-9]{2,12})(?:[-_.]|$)/i.exec(name.split(/[\\/]/).pop() ?? '');
  return m ? m[1].toUpperCase() : null;
}
