import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { websites } from './coverage.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The shipped outlet directory's packs (language × category, "Games press — German"), written
 * at start from the directory file. `enabled` is the operator's choice: a pack's directory feeds
 * follow it, including outlets a later release adds to the pack.
 */
export const sourcePacks = pgTable('source_packs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  category: text('category').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  /** When the operator last switched it (null: never). */
  changedAt: ts('changed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An outlet an organization asked to be monitored: discovery's findings kept with it, for the
 * platform operator to approve (its feeds are added and enabled) or reject.
 */
export const websiteSuggestions = pgTable(
  'website_suggestions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    /** The feeds discovery found and proved (DiscoveredFeed[]), or [] with `reason`. */
    feeds: jsonb('feeds').$type<unknown[]>().notNull().default([]),
    reason: text('reason'),
    /** The outlet once approved, or the directory outlet the domain already is. */
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** `person` (an admin suggested it) or `gdelt` (GDELT discovery found the alerts' articles there, issue 31). */
    source: text('source').notNull().default('person'),
    /** Articles GDELT discovery found on the domain for the organization's alerts. */
    articles: integer('articles').notNull().default(0),
  },
  (t) => [
    index('website_suggestions_status_idx').on(t.status, t.createdAt),
    // One open suggestion of a domain per organization: asking again answers the same one.
    uniqueIndex('website_suggestions_open_idx')
      .on(t.organizationId, t.domain)
      .where(sql`status = 'pending'`),
  ],
);
