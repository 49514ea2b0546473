import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { projects } from './workspace.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's e-mail notifications for a project (001 "Notifications"): `status` on/off, a digest
 * `frequency` (daily, or instant), and the watermark of what the last digest covered. The
 * unsubscribe token (random, in every digest's link) turns this one subscription off without a
 * login. Owned by digests.
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: boolean('status').notNull().default(true),
    frequency: text('frequency').notNull().default('daily'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** Coverage found after this instant goes into the next digest. */
    coveredUntil: ts('covered_until').notNull().defaultNow(),
    lastSentAt: ts('last_sent_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_subscriptions_project_user_key').on(t.projectId, t.userId),
    uniqueIndex('notification_subscriptions_token_key').on(t.unsubscribeToken),
    index('notification_subscriptions_user_idx').on(t.userId),
    index('notification_subscriptions_due_idx')
      .on(t.frequency, t.coveredUntil)
      .where(sql`${t.status}`),
  ],
);

/**
 * A Slack workspace installed for an organization through OAuth v2 (one per organization). The
 * bot token is encrypted at rest (AES-256-GCM); `revokedAt` set when Slack says the app was
 * uninstalled or the token was revoked. Owned by slack.
 */
export const slackInstallations = pgTable('slack_installations', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  teamId: text('team_id').notNull(),
  teamName: text('team_name'),
  botUserId: text('bot_user_id'),
  appId: text('app_id'),
  scope: text('scope'),
  botTokenEncrypted: text('bot_token_encrypted').notNull(),
  installedBy: integer('installed_by').references(() => users.id, { onDelete: 'set null' }),
  installedAt: ts('installed_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  /** Why it stopped (app_uninstalled, tokens_revoked, token_revoked on a call). */
  revokedReason: text('revoked_reason'),
  channelsSyncedAt: ts('channels_synced_at'),
});

/** The channels of an organization's Slack workspace the bot can post to (`conversations.list`). Owned by slack. */
export const slackChannels = pgTable(
  'slack_channels',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    name: text('name').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    isMember: boolean('is_member').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.channelId] })],
);

/**
 * A coverage spike found for a project (issue 32, features/spikes): one row per project, window
 * kind and window start — what makes the alert go out once. `stories` are the stories that drove
 * it (their lead article, title, outlet and copies), as posted. Its Slack and Discord messages go
 * through notification_outbox (subject `spike`), its e-mail with the digest's subscribers.
 */
export const spikeAlerts = pgTable(
  'spike_alerts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    window: text('window').notNull(),
    windowStart: ts('window_start').notNull(),
    matches: integer('matches').notNull(),
    baseline: real('baseline').notNull(),
    factor: real('factor').notNull(),
    stories: jsonb('stories')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    emailedAt: ts('emailed_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spike_alerts_once_idx').on(t.projectId, t.window, t.windowStart), index('spike_alerts_org_idx').on(t.organizationId, t.insertedAt)],
);
