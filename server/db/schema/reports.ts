import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, real } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { savedArticles } from './coverage.js';
import { projects } from './workspace.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A published coverage report. Its id is the public link's secret (`/p/r/{id}`): 22 characters of
 * base64url from 16 random bytes. The articles are not copied: a report is its criteria (project,
 * date range, tags and languages in / out) over the project's saved coverage, so coverage added
 * later inside the range shows up, as in the tools PR teams use.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Sanitized on save (sanitize-html): formatting kept, scripts, handlers, iframes, javascript: URLs removed. */
    descriptionHtml: text('description_html').notNull().default(''),
    section1Title: text('section1_title').notNull().default(''),
    section1Subtitle: text('section1_subtitle').notNull().default(''),
    section2Title: text('section2_title').notNull().default(''),
    section2Subtitle: text('section2_subtitle').notNull().default(''),
    /** 0 standard table, 1 custom list rendered from `tableTemplate`. */
    tableType: smallint('table_type').notNull().default(0),
    tableTemplate: text('table_template').notNull().default('{{title}} | {{score}}'),
    /** Whether the page shows the "Top creators" section (the leaderboard of its saved streams and videos). */
    showCreators: boolean('show_creators').notNull().default(true),
    /** Whether the page shows the project's Steam news and reviews over its period (issue 31). */
    showSteam: boolean('show_steam').notNull().default(true),
    status: smallint('status').notNull().default(0),
    dateStart: ts('date_start').notNull(),
    dateEnd: ts('date_end').notNull(),
    /** Tags included (empty: every tag) and excluded. */
    tagsId: integer('tags_id')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tagsNot: integer('tags_not')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Languages included (empty: every language) and excluded. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languagesNot: text('languages_not')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Saved video and saved stream ids chosen in the wizard (their tables arrive with the video/stream feeds). */
    videos: integer('videos')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    savedStreams: integer('saved_streams')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Totals at publish time, for the list; the report page recomputes them. */
    totalArticles: integer('total_articles').notNull().default(0),
    totalReach: real('total_reach').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('reports_org_project_idx').on(t.organizationId, t.projectId, t.insertedAt)],
);

/** Highlighted articles of a report (at most 20), in the order they were picked. */
export const reportHighlights = pgTable(
  'report_highlights',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    savedArticleId: integer('saved_article_id')
      .notNull()
      .references(() => savedArticles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.savedArticleId] })],
);

/**
 * The picture of a highlighted saved article (`POST screenshots`): taken once per article by
 * headless Chromium, else the page's preview image, else a placeholder. Status: `pending`,
 * `ready`, `failed`; `source`: `screenshot`, `preview`, `placeholder`.
 */
export const screenshots = pgTable(
  'screenshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    savedArticleId: integer('saved_article_id')
      .notNull()
      .references(() => savedArticles.id, { onDelete: 'cascade' }),
    articleUrl: text('article_url').notNull(),
    status: text('status').notNull().default('pending'),
    source: text('source'),
    /** Storage key of the image (server/storage), when there is one. */
    imageKey: text('image_key'),
    contentType: text('content_type'),
    error: text('error'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('screenshots_saved_article_idx').on(t.savedArticleId), index('screenshots_org_idx').on(t.organizationId)],
);

/**
 * Outgoing e-mail. Every message is written here first (in the transaction that asks for it) and
 * sent by the mail job over SMTP (`SMTP_URL`); without SMTP it stays here as `kept`, readable in the
 * app, so the embedded default loses nothing. Status: `queued`, `sent`, `kept`, `failed`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** [{filename, key, content_type}] — storage keys of files attached. */
    attachments: jsonb('attachments').$type<{ filename: string; key: string; content_type: string }[]>().notNull().default([]),
    /** Extra message headers (e.g. List-Unsubscribe, List-Unsubscribe-Post of a digest). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_org_idx').on(t.organizationId, t.insertedAt), index('mail_outbox_status_idx').on(t.status)],
);

/**
 * A long-running export (Super Search by e-mail). `token` names the download link
 * (`/api/p/exports/{token}`), unguessable, valid until `expiresAt`. Status: `queued`, `running`,
 * `done`, `failed`.
 */
export const exports = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    toEmail: text('to_email').notNull(),
    status: text('status').notNull().default('queued'),
    rowCount: integer('row_count'),
    fileKey: text('file_key'),
    error: text('error'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [uniqueIndex('exports_token_idx').on(t.token), index('exports_org_idx').on(t.organizationId, t.insertedAt)],
);
