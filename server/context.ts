import type { PgBoss } from 'pg-boss';
import type pg from 'pg';
import type { Config } from './config.js';
import type { SlackBotPoster } from './features/notifications/service.js';
import type { Db } from './db/client.js';
import type { Authenticator } from './http/auth.js';
import type { Storage } from './storage/storage.js';

/** What route modules and services need from the running process. */
export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  authenticator: Authenticator;
  storage: Storage;
  boss: PgBoss | null;
  databaseKind: 'embedded' | 'external';
  /**
   * The notifier's poster for channels of an installed Slack app (slack's createSlackBotPoster),
   * passed on to what kicks the notifier; buildApp makes it when the process did not (null: none).
   */
  slackBot?: SlackBotPoster | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
