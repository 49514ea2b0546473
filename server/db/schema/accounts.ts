import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Capabilities, PlanPermissions } from '../../../common/plans.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Key/value settings of this installation (e.g. the generated token-signing secret). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    avatar: text('avatar'),
    plan: text('plan').notNull().default('trial'),
    tierId: smallint('tier_id').notNull().default(3),
    permissions: jsonb('permissions').$type<PlanPermissions>().notNull(),
    capabilities: jsonb('capabilities').$type<Capabilities>().notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    trialEndsAt: ts('trial_ends_at'),
    /**
     * Where the plan stands (common/plans.ts SUBSCRIPTION_STATUSES): trialing, active, past_due,
     * unpaid, expired (trial over or subscription ended). Written by billing through this
     * feature's service (webhooks, the trial job, the operator).
     */
    subscriptionStatus: text('subscription_status').notNull().default('trialing'),
    /** Who set the plan: signup (the trial or the bootstrap), stripe (a subscription), operator (by hand). */
    planSource: text('plan_source').notNull().default('signup'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    billingPeriod: text('billing_period'),
    currentPeriodEnd: ts('current_period_end'),
    /** Set while the subscription's last invoice failed (banner for admins); cleared when one is paid. */
    paymentFailedAt: ts('payment_failed_at'),
    slackEnabled: boolean('slack_enabled').notNull().default(false),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('organizations_stripe_customer_idx').on(t.stripeCustomerId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    tierId: smallint('tier_id').notNull().default(2),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    defaultProjectId: integer('default_project_id'),
    /** When the address was confirmed (a link e-mailed at sign-up); invited members count as verified. Null: not yet. */
    emailVerifiedAt: ts('email_verified_at'),
    /** `/` opens the projects page instead of the articles feed (000 §2 "/", the user's setting). */
    openProjectsFirst: boolean('open_projects_first').notNull().default(false),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** A user's role in an organization: 1 Admin, 2 User, 3 Kicked. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: smallint('role_id').notNull().default(2),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('memberships_org_user_key').on(t.organizationId, t.userId), index('memberships_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at), index('login_failures_ip_at_idx').on(t.ip, t.at)],
);

export const invites = pgTable(
  'invites',
  {
    key: text('key').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'), // active | expired | revoked
    expiresAt: ts('expires_at').notNull(),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [index('invites_org_idx').on(t.organizationId)],
);

/**
 * Single-use tokens e-mailed to a user: `password_reset` (30 minutes) and `email_verification`.
 * Only the SHA-256 of the token is stored. Owned by identity.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the token was sent to (a changed address makes an old verification link useless). */
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.kind)],
);

/** A login through an OpenID Connect provider linked to a local user (by issuer and subject). Owned by identity. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/** An OpenID Connect login in progress: state → PKCE verifier and nonce (10 minutes). Owned by identity. */
export const oidcLogins = pgTable('oidc_logins', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Where to go after login (a path of this app). */
  returnTo: text('return_to'),
  expiresAt: ts('expires_at').notNull(),
});
