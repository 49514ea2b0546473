import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Brands ("clients" in the API). */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    locked: boolean('locked').notNull().default(false),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('clients_org_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    locked: boolean('locked').notNull().default(false),
    alertId: integer('alert_id'),
    youtubeSearchId: integer('youtube_search_id'),
    twitchSearchId: integer('twitch_search_id'),
    /** The project's games on Steam (issue 31): their news and reviews, read once per app by features/steam. */
    steamAppIds: bigint('steam_app_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /**
     * The project's competitors (issue 32): up to five Super Search queries with a name, saved
     * once and used by the overview's share of voice (and offered to Super Search's competitor lines).
     */
    competitors: jsonb('competitors')
      .$type<{ name: string; query: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Spike alerts (issue 32, features/spikes): when a window's matches (`spike_window`: hour or
     * day) reach `spike_min_matches` and exceed `spike_factor` × the same window's mean over the
     * last 14 days, the project's Slack, Discord and digest subscribers are told once.
     */
    spikeEnabled: boolean('spike_enabled').notNull().default(false),
    spikeWindow: text('spike_window').notNull().default('day'),
    spikeFactor: real('spike_factor').notNull().default(3),
    spikeMinMatches: integer('spike_min_matches').notNull().default(10),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('projects_org_idx').on(t.organizationId, t.locked, t.name), index('projects_client_idx').on(t.clientId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locked: boolean('locked').notNull().default(false),
    hasHighlight: boolean('has_highlight').notNull().default(false),
    highlightDate: ts('highlight_date'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('tags_org_project_idx').on(t.organizationId, t.projectId)],
);

/** Uploaded images (avatars, logos). Bytes live in the storage backend under `key`. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    scope: text('scope').notNull(),
    description: text('description'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    key: text('key').notNull(),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_org_idx').on(t.organizationId)],
);
