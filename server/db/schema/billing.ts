import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Stripe events received by the webhook, by event id: a repeat delivery of a processed event is
 * acknowledged and changes nothing. Owned by billing.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The organization the event touched, when one was found. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

/**
 * Trial e-mails sent (kind: three_days, last_day, expired), once per organization, kind and trial
 * end: an extended trial gets its reminders again. Owned by billing.
 */
export const trialNotices = pgTable(
  'trial_notices',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    trialEndsAt: ts('trial_ends_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.trialEndsAt] })],
);
