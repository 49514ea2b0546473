// `npm run db:migrate`: applies migrations to DATABASE_URL (servers; the embedded database migrates at start).
import { migrateDatabase } from './migrate.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set. The embedded database is migrated by `npm start`.');
  process.exit(2);
}
await migrateDatabase(url);
console.log('migrations applied');
