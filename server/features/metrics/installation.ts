import type { AppDeps } from '../../context.js';
import { countFeeds, countJobs, listFreshSnapshots, type FeedCounts, type JobCount, type SnapshotRow } from './repo.js';
import { thisProcess } from './process.js';

/** A snapshot older than this is a process that is gone or stuck (they write every 5 s): left out. */
export const FRESH_SECONDS = 30;

/** What GET /metrics and the crawler status read from the database, besides this process's own measurements. */
export interface Installation {
  feeds: FeedCounts;
  jobs: JobCount[];
  /** Every process that reported within FRESH_SECONDS, freshest first. */
  snapshots: SnapshotRow[];
  /** The same without this process's own row: its live registry stands in for it. */
  others: SnapshotRow[];
}

export async function readInstallation(deps: Pick<AppDeps, 'db' | 'boss'>): Promise<Installation> {
  const [feeds, jobs, snapshots] = await Promise.all([
    countFeeds(deps.db),
    // Without a job queue in this process (API-only tests) there is none to count.
    deps.boss ? countJobs(deps.db) : [],
    listFreshSnapshots(deps.db, FRESH_SECONDS),
  ]);
  return { feeds, jobs, snapshots, others: snapshots.filter((s) => s.instance !== thisProcess.instance) };
}
