import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { convertArchive } from './features/crawler/conversion.js';
import { bootstrap, type BootstrapResult } from './seed/seed.js';

export { openDatabaseServer, type DatabaseKind, type DatabaseServer } from './database-server.js';

/**
 * Brings the database up to date: migrations, the move of a pre-0016 archive into monthly
 * partitions (crawler/conversion.ts: a no-op once done; before the seed, which writes articles),
 * then the bootstrap seed. A password generated for the first admin is also written to DATA_DIR,
 * since the banner that shows it scrolls away. `log` carries the conversion's progress.
 */
export async function prepareDatabase(url: string, db: Db, config: Config, log?: Logger): Promise<BootstrapResult> {
  await migrateDatabase(url);
  await convertArchive(url, {
    batch: config.archiveConversionBatch,
    log: log ?? pino({ level: config.logLevel, base: { role: 'setup' } }),
  });
  const result = await bootstrap(db, config);
  if (result.generatedPassword) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(path.join(config.dataDir, 'initial-admin-password'), result.generatedPassword + '\n', { mode: 0o600 });
  }
  return result;
}
