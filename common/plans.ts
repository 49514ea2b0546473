import { TIER, type TierId } from './limits.js';

/**
 * Plan permission flags and numeric limits, stored per organization (a copy of the plan's
 * defaults at the time the organization got the plan, so an operator can grant exceptions).
 * Numbers follow the pricing table (001 §9): Starter 6 projects / 1 organization / 3 months,
 * Pro 12 / 3 / 6, Agency 30 / 5 / 12. The trial is a 14-day taste of Pro with fewer projects.
 */
export interface PlanPermissions {
  data: boolean;
  max_data: number; // months of Super Search history
  projects: boolean;
  max_projects: number;
  similarweb: boolean;
  screenshot: boolean;
  max_screenshots: number; // highlighted articles per report
  slack: boolean;
  reports: boolean;
  max_reports: number;
  organisations: boolean;
  max_organisations: number;
  youtube_feed: boolean;
  discord: boolean;
  twitch_feed: boolean;
  /** Public reports and their PDFs carry no "Made with Coverwatch" line: the organization's logo and name are their only brand (Agency's "custom branding", 001 §10). */
  custom_branding: boolean;
  /**
   * Alerts one project may have (001 §10: Starter "a single alert per project", Agency "multiple
   * alerts"). At 1 a second alert is the 409 it always was; above 1 the limit is a 403 `plan_limit`.
   */
  max_alerts_per_project: number;
}

export const PERMISSION_FLAGS = [
  'data',
  'projects',
  'similarweb',
  'screenshot',
  'slack',
  'reports',
  'organisations',
  'youtube_feed',
  'discord',
  'twitch_feed',
  'custom_branding',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

const unlimited = 100000;

export const PLAN_DEFAULTS: Record<'admin' | 'trial' | 'starter' | 'pro' | 'agency', PlanPermissions> = {
  admin: {
    data: true,
    max_data: 120,
    projects: true,
    max_projects: unlimited,
    similarweb: true,
    screenshot: true,
    max_screenshots: 20,
    slack: true,
    reports: true,
    max_reports: unlimited,
    organisations: true,
    max_organisations: unlimited,
    youtube_feed: true,
    discord: true,
    twitch_feed: true,
    custom_branding: true,
    max_alerts_per_project: unlimited,
  },
  trial: {
    data: true,
    max_data: 1,
    projects: true,
    max_projects: 3,
    similarweb: true,
    screenshot: true,
    max_screenshots: 5,
    slack: true,
    reports: true,
    max_reports: 10,
    organisations: true,
    max_organisations: 1,
    youtube_feed: true,
    discord: true,
    twitch_feed: true,
    custom_branding: false,
    max_alerts_per_project: 1,
  },
  starter: {
    data: true,
    max_data: 3,
    projects: true,
    max_projects: 6,
    similarweb: false,
    screenshot: true,
    max_screenshots: 5,
    slack: true,
    reports: true,
    max_reports: 50,
    organisations: true,
    max_organisations: 1,
    youtube_feed: false,
    discord: true,
    twitch_feed: false,
    custom_branding: false,
    max_alerts_per_project: 1,
  },
  pro: {
    data: true,
    max_data: 6,
    projects: true,
    max_projects: 12,
    similarweb: true,
    screenshot: true,
    max_screenshots: 10,
    slack: true,
    reports: true,
    max_reports: 200,
    organisations: true,
    max_organisations: 3,
    youtube_feed: true,
    discord: true,
    twitch_feed: true,
    custom_branding: false,
    max_alerts_per_project: 1,
  },
  agency: {
    data: true,
    max_data: 12,
    projects: true,
    max_projects: 30,
    similarweb: true,
    screenshot: true,
    max_screenshots: 20,
    slack: true,
    reports: true,
    max_reports: unlimited,
    organisations: true,
    max_organisations: 5,
    youtube_feed: true,
    discord: true,
    twitch_feed: true,
    custom_branding: true,
    max_alerts_per_project: 5,
  },
};

export const PLAN_TIER: Record<keyof typeof PLAN_DEFAULTS, TierId> = {
  admin: TIER.admin,
  trial: TIER.free,
  starter: TIER.starter,
  pro: TIER.pro,
  agency: TIER.agency,
};

export const PLAN_NAMES: Record<keyof typeof PLAN_DEFAULTS, string> = {
  admin: 'Admin',
  trial: 'Free trial',
  starter: 'Starter plan',
  pro: 'Pro plan',
  agency: 'Agency plan',
};

/**
 * Capabilities the original product granted by organization id (1, 17, 110).
 * Organization 1: platform operator (websites, manual feed refresh, notification card, no upgrade).
 * Organization 17: regional filters. Organization 110: AI headline tools and notification card.
 */
export interface Capabilities {
  platform_operator: boolean;
  regional_filters: boolean;
  ai_headline_tools: boolean;
  notification_card: boolean;
}

export const NO_CAPABILITIES: Capabilities = {
  platform_operator: false,
  regional_filters: false,
  ai_headline_tools: false,
  notification_card: false,
};

export const CAPABILITIES_BY_LEGACY_ID: Record<number, Capabilities> = {
  1: { platform_operator: true, regional_filters: false, ai_headline_tools: true, notification_card: true },
  17: { ...NO_CAPABILITIES, regional_filters: true },
  110: { ...NO_CAPABILITIES, ai_headline_tools: true, notification_card: true },
};

/** Competitor comparison: plans whose name contains pro plan, agency, admin or user (spec §6). */
export function planAllowsCompetitors(planName: string): boolean {
  const n = planName.toLowerCase();
  return ['pro plan', 'agency', 'admin', 'user'].some((k) => n.includes(k));
}

/** The plans a customer can buy (001 §10 "Plans and pricing"); the trial and admin are not products. */
export const PRODUCT_KEYS = ['starter', 'pro', 'agency'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];
export type BillingPeriod = 'monthly' | 'annual';

/** Products of the payment platform that are never offered as plans (001 §10). */
export const EXCLUDED_PRODUCT_NAMES = ['Rare Subscription', '12 active projects', '6 Months Historical Supersearch data'] as const;

export interface Product {
  key: ProductKey;
  name: string;
  description: string;
  /** What the plan includes, as bullets. */
  features: string[];
  /** What it lacks that another plan has, in the same words ("YouTube and Twitch feeds"): shown marked as missing. */
  missing_features: string[];
  /** Minor units (24900 = $249); null: priced on contact. */
  monthly_price: number | null;
  annual_price: number | null;
  currency: 'usd';
  contact_sales: boolean;
}

const limit = (n: number, one: string, many: string) => (n >= unlimited ? `Unlimited ${many}` : `${n} ${n === 1 ? one : many}`);

/** A plan's feature bullets: what it includes, and what it lacks in the same words (never "No UMV"), so a reader can tell them apart by their mark, not by reading each one. */
export interface PlanFeatureList {
  included: string[];
  missing: string[];
}

/** Feature bullets of a plan, from its default permissions (so they never disagree with the limits). */
export function planFeatureList(p: PlanPermissions): PlanFeatureList {
  const included = [
    limit(p.max_projects, 'active project', 'active projects'),
    `${limit(p.max_data, 'month', 'months')} of Super Search history`,
    limit(p.max_reports, 'report', 'reports'),
    `${p.max_screenshots} highlighted articles per report`,
    limit(p.max_organisations, 'organization', 'organizations'),
  ];
  const missing: string[] = [];
  // A family of services ("YouTube and Twitch feeds"): the ones the plan has are included, the others missing.
  const family = (services: [boolean, string][], noun: string) => {
    const names = (has: boolean) => services.filter(([on]) => on === has).map(([, name]) => name);
    if (names(true).length) included.push(`${names(true).join(' and ')} ${noun}`);
    if (names(false).length) missing.push(`${names(false).join(' and ')} ${noun}`);
  };
  const feature = (has: boolean, words: string) => (has ? included : missing).push(words);
  family(
    [
      [p.youtube_feed, 'YouTube'],
      [p.twitch_feed, 'Twitch'],
    ],
    'feeds',
  );
  family(
    [
      [p.slack, 'Slack'],
      [p.discord, 'Discord'],
    ],
    'alerts',
  );
  feature(p.similarweb, 'Unique monthly visitors (UMV) per outlet');
  if (p.max_alerts_per_project > 1)
    included.push(`${p.max_alerts_per_project >= unlimited ? 'Unlimited' : `Up to ${p.max_alerts_per_project}`} alerts per project`);
  else missing.push('Several alerts per project');
  feature(p.custom_branding, 'Custom branding of public reports');
  return { included, missing };
}

/** A product's `features` and `missing_features` from its plan's defaults. */
function productFeatures(p: PlanPermissions): Pick<Product, 'features' | 'missing_features'> {
  const { included, missing } = planFeatureList(p);
  return { features: included, missing_features: missing };
}

/** The one definition of the plans on sale: the server lists it, the web renders it. */
export const PRODUCTS: readonly Product[] = [
  {
    key: 'starter',
    name: 'Starter',
    description: 'For a team monitoring a handful of projects, with a single alert per project.',
    ...productFeatures(PLAN_DEFAULTS.starter),
    monthly_price: 24900,
    annual_price: 267000,
    currency: 'usd',
    contact_sales: false,
  },
  {
    key: 'pro',
    name: 'Pro',
    description: 'For growing teams: shared projects, competitor comparison and an account manager.',
    ...productFeatures(PLAN_DEFAULTS.pro),
    monthly_price: 49900,
    annual_price: 539000,
    currency: 'usd',
    contact_sales: false,
  },
  {
    key: 'agency',
    name: 'Agency',
    description: 'For agencies: multiple alerts, custom branding and limits fitted to your clients.',
    ...productFeatures(PLAN_DEFAULTS.agency),
    monthly_price: null,
    annual_price: null,
    currency: 'usd',
    contact_sales: true,
  },
];

/** Whether a payment platform product name is one of the excluded ones (case- and space-insensitive). */
export function isExcludedProductName(name: string): boolean {
  const n = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return EXCLUDED_PRODUCT_NAMES.some((x) => x.toLowerCase() === n);
}

/** A product as GET /api/products answers it (`{type:'product', id:key, attributes}`). */
export interface ProductAttributes {
  name: string;
  description: string;
  features: string[];
  missing_features: string[];
  monthly_price: number | null;
  annual_price: number | null;
  currency: string;
  monthly_price_id: string | null;
  annual_price_id: string | null;
  contact_sales: boolean;
}

/**
 * Where an organization's plan stands. `expired`: the trial ended or the subscription was
 * deleted; the workspace is closed until it upgrades (the end-of-trial page). `past_due` and
 * `unpaid`: the last payment failed; the workspace stays open and admins see a banner.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Who set the plan: `signup` (the trial, or the bootstrap), `stripe` (a subscription), `operator` (by hand). */
export const PLAN_SOURCES = ['signup', 'stripe', 'operator'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/** `subscription_status` of an organization as the server sends it (docs/api.md). */
export interface SubscriptionStatusAttributes {
  /** The workspace is closed: a trial that ended, or a subscription that was deleted (not for the operator). */
  trial_expired: boolean;
  trial_ends_at: string | null;
  status: SubscriptionStatus;
  plan_source: PlanSource;
  billing_period: BillingPeriod | null;
  current_period_end: string | null;
  /** The last invoice failed and none was paid since (admins see a banner). */
  payment_failed: boolean;
}

/** Days left until `endsAt`, counting a started day as one: 1 in the last 24 hours, 0 once over. */
export function trialDaysLeft(endsAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 86_400_000));
}

/** What an organization can add to a paid plan (001 §10 "Addons"); priced on request, so no price here. */
export interface Addon {
  key: 'projects' | 'history' | 'organizations';
  name: string;
  description: string;
  /** What the plan already includes, from its default limits. */
  included: (p: PlanPermissions) => string;
}

export const ADDONS: readonly Addon[] = [
  {
    key: 'projects',
    name: 'Extra active projects',
    description: 'Monitor more games, brands or campaigns at the same time.',
    included: (p) => limit(p.max_projects, 'active project', 'active projects'),
  },
  {
    key: 'history',
    name: 'More months of Super Search history',
    description: 'Search and export coverage further back in time.',
    included: (p) => `${limit(p.max_data, 'month', 'months')} of history`,
  },
  {
    key: 'organizations',
    name: 'Extra organizations',
    description: 'Keep separate workspaces for clients or studios under one subscription.',
    included: (p) => limit(p.max_organisations, 'organization', 'organizations'),
  },
];

/** The plan select of the add-ons view (001 §10): monthly starter, annual starter, monthly pro, annual pro. */
export const ADDON_PLAN_CHOICES: readonly { value: string; plan: 'starter' | 'pro'; period: BillingPeriod; label: string }[] = [
  { value: 'starter_monthly', plan: 'starter', period: 'monthly', label: 'Monthly Starter' },
  { value: 'starter_annual', plan: 'starter', period: 'annual', label: 'Annual Starter' },
  { value: 'pro_monthly', plan: 'pro', period: 'monthly', label: 'Monthly Pro' },
  { value: 'pro_annual', plan: 'pro', period: 'annual', label: 'Annual Pro' },
];
