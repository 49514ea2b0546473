import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pollGame } from './poll.js';
import { createTwitchClient, twitchConfigured } from './service.js';
import { kickNotifier, type NotifierDeps } from '../notifications/service.js';

export const STREAM_QUEUES = {
  /** Poll one game now: `{ gameId }`; singleton per game. */
  gamePoll: 'twitch-game-poll',
  /** Every minute: enqueue the games whose `next_check_at` has passed. */
  schedule: 'twitch-schedule',
} as const;

/** Games enqueued per scheduler run; the rest wait a minute (oldest due first). */
const SCHEDULE_BATCH = 200;
const HEARTBEAT_SECONDS = 10;

/**
 * Queues of the streams feature's pollers (every role creates them so that every role can
 * enqueue). A game is queued or polled at most once at a time (exclusive, singleton key); a poll
 * records its own failures on the game row and the scheduler re-enqueues by `next_check_at`, so
 * pg-boss never retries one. A dead worker's poll committed nothing (one transaction).
 */
export async function createStreamQueues(boss: PgBoss): Promise<void> {
  const queues = [
    [STREAM_QUEUES.gamePoll, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 600, heartbeatSeconds: HEARTBEAT_SECONDS, deleteAfterSeconds: 3600 }],
    [STREAM_QUEUES.schedule, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 }],
  ] as const;
  for (const [name, options] of queues) {
    await boss.createQueue(name, options);
    const { policy: _policy, ...changeable } = options;
    await boss.updateQueue(name, changeable);
  }
}

/**
 * The games due now that at least one enabled feed watches, spread over the coming minute
 * (`startAfter` 0–59 s) so a minute's polls do not all spend their points in one burst.
 */
export async function scheduleDueGames(boss: PgBoss, db: Db, now = new Date()): Promise<number> {
  const due = await db.execute<{ id: string }>(sql`
    select g.id from twitch_games g
    where g.next_check_at <= ${now.toISOString()}::timestamptz
      and exists (select 1 from twitch_feeds f where f.game_id = g.id and f.is_enabled)
    order by g.next_check_at limit ${SCHEDULE_BATCH}`);
  if (!due.rows.length) return 0;
  const n = due.rows.length;
  const ids = await boss.insert(
    STREAM_QUEUES.gamePoll,
    due.rows.map((r, i) => ({ data: { gameId: r.id }, singletonKey: `twitch-game-${r.id}`, startAfter: Math.floor((i * 60) / n) })),
    { returnId: true },
  );
  return ids?.length ?? 0;
}

/** Starts the streams feature's pollers and their schedules (worker roles only; nothing without Twitch credentials). */
export async function startStreamWorkers(boss: PgBoss, deps: NotifierDeps & { config: Config; log: Logger }): Promise<void> {
  if (!twitchConfigured(deps.config)) {
    deps.log.info('Twitch is not configured (TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET): stream feeds wait');
    return;
  }
  // One client for every poll in this process: its rate-limit gate paces them together.
  const client = createTwitchClient(deps.config);
  await boss.work<{ gameId: string }>(STREAM_QUEUES.gamePoll, { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 }, async ([job]) => {
    const started = Date.now();
    const outcome = await pollGame({ db: deps.db, client, log: deps.log }, job.data.gameId);
    deps.log.info({ job: STREAM_QUEUES.gamePoll, ms: Date.now() - started, ...outcome }, 'twitch game polled');
    // Announce at once; the notifier's sweep retries what fails.
    if (outcome.announced > 0) void kickNotifier({ db: deps.db, config: deps.config, slackBot: deps.slackBot });
  });
  await boss.work(STREAM_QUEUES.schedule, { pollingIntervalSeconds: 5 }, async () => {
    const enqueued = await scheduleDueGames(boss, deps.db);
    if (enqueued) deps.log.info({ job: STREAM_QUEUES.schedule, enqueued }, 'twitch games scheduled');
    return { enqueued };
  });
  await boss.schedule(STREAM_QUEUES.schedule, '* * * * *');
  await boss.send(STREAM_QUEUES.schedule, {});
}
