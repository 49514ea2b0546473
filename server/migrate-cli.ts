// `npm run db:migrate`: applies migrations to DATABASE_URL (servers; the embedded database migrates
// at start), then converts an archive from before monthly partitions (server/features/crawler/conversion.ts),
// so that on a multi-process installation no API or worker start waits for it.
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { convertArchive } from './features/crawler/conversion.js';
import { migrateDatabase } from './db/migrate.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set. The embedded database is migrated by `npm start`.');
  process.exit(2);
}
await migrateDatabase(url);
const config = loadConfig(process.env);
await convertArchive(url, { batch: config.archiveConversionBatch, log: pino({ level: config.logLevel, base: { role: 'migrate' } }) });
console.log('migrations applied');
