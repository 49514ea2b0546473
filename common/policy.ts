import { ROLE } from './limits.js';
import { MSG } from './messages.js';
import type { Capabilities, PlanPermissions } from './plans.js';

/*
 * Who may do what, in one place (issue 29). Each action maps the caller's membership role, the
 * organization's plan (its stored permissions and its plan id) and its capabilities to a
 * decision; a refusal carries how it looks (hidden → 404, plan → 403 `plan_limit` with the
 * spec's upgrade sentence, role → 403). Pure: the server's authorizer (server/http/authorize.ts)
 * turns a refusal into its error, and the web can ask the same table.
 *
 * Limits take the count the caller read (inside the transaction that holds the organization's
 * lock, for writes): `decide(org, 'projects.create', { activeProjects: 5 })`.
 */

/** The parts of an organization the rules read (the session's OrgContext, a row, or just its permissions). */
export interface PolicyOrg {
  plan?: string | null;
  permissions?: Partial<PlanPermissions> | null;
  capabilities?: Partial<Capabilities> | null;
  trialEndsAt?: Date | null;
  /** common/plans.ts SubscriptionStatus. */
  subscriptionStatus?: string | null;
}

/** Who asks: a membership role in an organization (either may be absent: a plan-only check passes `{ org }`). */
export interface Subject {
  roleId?: number | null;
  org?: PolicyOrg | null;
}

/** What a limited action is checked against: the counts as they are before the write. */
export interface LimitContext {
  /** Active projects the organization has (creating or reactivating one). */
  'projects.create': { activeProjects: number };
  /** Alerts the project has besides the one being moved (creating an alert in it, or moving one there). */
  'alerts.create': { projectAlerts: number };
  /** Reports the organization has. */
  'reports.create': { reports: number };
  /** Highlighted articles the report would have. */
  'reports.highlight': { highlights: number };
  /** Organizations the caller is an admin of. */
  'organizations.create': { adminOf: number };
}

export const ACTIONS = [
  'org.member',
  'workspace.use',
  'org.admin',
  'billing.manage',
  'mail.read',
  'sources.suggest',
  'platform.operate',
  'operator.console',
  'websites.read',
  'websites.write',
  'youtube.refresh',
  'twitch.refresh',
  'youtube.use',
  'twitch.use',
  'supersearch.use',
  'supersearch.competitors',
  'reports.use',
  'screenshots.take',
  'notify.slack',
  'notify.discord',
  'feed.umv',
  'reports.customBranding',
  'feed.regionalFilters',
  'ai.headlineTools',
  'projects.create',
  'alerts.create',
  'reports.create',
  'reports.highlight',
  'organizations.create',
] as const;
export type Action = (typeof ACTIONS)[number];
export type LimitedAction = keyof LimitContext;
/** Actions decided without a count. */
export type PlainAction = Exclude<Action, LimitedAction>;

/** Every context may name the moment (the trial's end is compared with it); limited actions need their count. */
export type ContextOf<A extends Action> = (A extends LimitedAction ? LimitContext[A] : unknown) & { now?: Date };
export type ContextArgs<A extends Action> = A extends LimitedAction ? [context: ContextOf<A>] : [context?: ContextOf<A>];

export type RefusalKind = 'hidden' | 'plan' | 'role';
/** The error code a refusal answers with (server/http/errors.ts): mostly the kind's, a few actions keep their historical one. */
export type RefusalCode = 'not_found' | 'plan_limit' | 'forbidden' | 'no_org' | 'trial_expired' | 'conflict';
export const REFUSAL_STATUS: Record<RefusalCode, 403 | 404 | 409> = {
  not_found: 404,
  plan_limit: 403,
  forbidden: 403,
  no_org: 403,
  trial_expired: 403,
  conflict: 409,
};

export interface Refused {
  allowed: false;
  action: Action;
  refusal: RefusalKind;
  code: RefusalCode;
  status: 403 | 404 | 409;
  /** The detail the caller reads. */
  message: string;
  /** For limited actions: the plan's limit and the count it was checked against. */
  limit?: number;
  used?: number;
}
export type Decision = { allowed: true } | Refused;

const HIDDEN = 'No such API route';
const NOT_ADMIN = 'Only an admin of the organization can do this';
export const OPERATOR_NOT_BILLED = "The platform operator's organization has no subscription.";

/**
 * Competitor comparison, by plan id (000 §6 names the plans by their display names: "pro plan,
 * agency, admin or user"; of ours that is Pro, Agency and the operator's admin plan — the trial
 * and Starter compare nothing). A renamed plan keeps its access.
 */
export const COMPETITOR_PLANS: readonly string[] = ['admin', 'pro', 'agency'];

/** Membership roles that act in their organization (001 §9: 1 Admin, 2 User, else Kicked). */
export const ACTIVE_ROLES: number[] = [ROLE.admin, ROLE.user];
export const isActiveMember = (roleId: number | null | undefined): boolean => roleId != null && ACTIVE_ROLES.includes(roleId);
/** The role's name in the user resource's `roles` (the original product's role names). */
export const roleNames = (roleId: number | null | undefined): string[] => (roleId === ROLE.admin ? ['admin'] : roleId === ROLE.user ? ['user'] : []);

/**
 * The workspace is closed until the organization upgrades: its trial has ended (by the clock, so
 * access ends on time even before the daily job marks it) or billing marked it expired (a deleted
 * subscription). Never the platform operator.
 */
export function isTrialExpired(org: PolicyOrg, now = new Date()): boolean {
  if (org.capabilities?.platform_operator) return false;
  if (org.subscriptionStatus === 'expired') return true;
  return org.plan === 'trial' && !!org.trialEndsAt && org.trialEndsAt < now;
}

/**
 * The plan's number a limited action's count is checked against (what `decide` compares with):
 * a copy of the permissions from before the per-project alert limit existed counts as one alert.
 */
export function limitOf(subject: Subject, action: LimitedAction): number {
  const p = subject.org?.permissions;
  switch (action) {
    case 'projects.create':
      return p?.max_projects ?? 0;
    case 'alerts.create':
      return p?.max_alerts_per_project ?? 1;
    case 'reports.create':
      return p?.max_reports ?? 0;
    case 'reports.highlight':
      return p?.max_screenshots ?? 0;
    case 'organizations.create':
      return p?.max_organisations ?? 0;
  }
}

/** A numeric limit of the plan (0 without permissions). */
export function planLimit(subject: Subject, key: 'max_data' | 'max_projects' | 'max_reports' | 'max_screenshots' | 'max_organisations'): number {
  return subject.org?.permissions?.[key] ?? 0;
}

type Verdict = true | { refusal: RefusalKind; code?: RefusalCode; message?: string; limit?: number; used?: number };
type Rule<A extends Action> = (s: Subject, c: ContextOf<A>) => Verdict;

const hidden = (message = HIDDEN): Verdict => ({ refusal: 'hidden', message });
const role = (message = NOT_ADMIN): Verdict => ({ refusal: 'role', message });
const PLAN: Verdict = { refusal: 'plan' };
const isAdmin = (s: Subject) => s.roleId === ROLE.admin;
const operates = (s: Subject) => !!s.org?.capabilities?.platform_operator;
const flag = (s: Subject, f: keyof PlanPermissions) => !!s.org?.permissions?.[f];
const planFlag =
  (f: keyof PlanPermissions): Rule<PlainAction> =>
  (s) =>
    flag(s, f) || PLAN;
const capability =
  (c: keyof Capabilities, refusal: Verdict): Rule<PlainAction> =>
  (s) =>
    !!s.org?.capabilities?.[c] || refusal;
/** A flag and a count below the plan's number for it. */
const within = (s: Subject, f: keyof PlanPermissions, max: number, used: number): Verdict =>
  (flag(s, f) && used < max) || { refusal: 'plan', limit: max, used };

const RULES: { [A in Action]: Rule<A> } = {
  'org.member': (s) => (!!s.org && isActiveMember(s.roleId)) || { refusal: 'role', code: 'no_org', message: MSG.pages.noOrg },
  'workspace.use': (s, c) => {
    const member = RULES['org.member'](s, c);
    if (member !== true) return member;
    return !isTrialExpired(s.org!, c.now) || { refusal: 'plan', code: 'trial_expired' };
  },
  'org.admin': (s) => isAdmin(s) || role(),
  // Only an admin upgrades (000 §6); the operator's organization has nothing to pay.
  'billing.manage': (s) => (!isAdmin(s) ? role(MSG.billing.contactAdmin) : !operates(s) || role(OPERATOR_NOT_BILLED)),
  // Messages carry download links and addresses: the same bar as the organization's settings; the operator reads the installation's.
  'mail.read': (s) => isAdmin(s) || operates(s) || role(),
  'sources.suggest': (s) => isAdmin(s) || role('Only an admin of the organization can suggest an outlet'),
  // The organization that runs the installation (organization 1 in the spec).
  'platform.operate': (s) => operates(s) || hidden(),
  // The operator's areas (console, crawler status, sources): anyone but its admins gets an unknown route's 404.
  'operator.console': (s) => (operates(s) && isAdmin(s)) || hidden(),
  // "Organization 1 alone sees Websites"; "Adding websites needs … role-id 1" (000 §6).
  'websites.read': (s) => operates(s) || hidden(),
  'websites.write': (s) => (!operates(s) ? hidden() : isAdmin(s) || role('Only an admin of the platform operator can change websites and feeds')),
  // "Get videos/Get streams only organization 1": the feed is not revealed to anyone else.
  'youtube.refresh': (s) => operates(s) || hidden('The YouTube feed was not found'),
  'twitch.refresh': (s) => operates(s) || hidden('The feed was not found'),
  'youtube.use': planFlag('youtube_feed'),
  'twitch.use': planFlag('twitch_feed'),
  'supersearch.use': planFlag('data'),
  'supersearch.competitors': (s) => COMPETITOR_PLANS.includes(s.org?.plan ?? '') || PLAN,
  'reports.use': planFlag('reports'),
  'screenshots.take': planFlag('screenshot'),
  'notify.slack': planFlag('slack'),
  'notify.discord': planFlag('discord'),
  // Monthly visitors (UMV) and the reach and views derived from them.
  'feed.umv': planFlag('similarweb'),
  // Public reports without "Made with Coverwatch" (Agency's custom branding).
  'reports.customBranding': (s) => s.org?.permissions?.custom_branding === true || PLAN,
  'feed.regionalFilters': capability('regional_filters', hidden(MSG.alertsApi.regionalFilters)),
  'ai.headlineTools': capability('ai_headline_tools', hidden('The route was not found')),
  'projects.create': (s, c) => within(s, 'projects', limitOf(s, 'projects.create'), c.activeProjects),
  'alerts.create': (s, c) => {
    const limit = limitOf(s, 'alerts.create');
    if (c.projectAlerts < limit) return true;
    // A one-alert plan answers the 409 it always did (the project has its alert); more is an upgrade.
    if (limit <= 1) return { refusal: 'plan', code: 'conflict', message: MSG.alertsApi.projectHasAlert, limit, used: c.projectAlerts };
    return { refusal: 'plan', message: MSG.billing.alertLimit(limit), limit, used: c.projectAlerts };
  },
  'reports.create': (s, c) => within(s, 'reports', limitOf(s, 'reports.create'), c.reports),
  // Highlights while their count stays within the plan's (000 §6); a report without any needs nothing.
  'reports.highlight': (s, c) => {
    const limit = limitOf(s, 'reports.highlight');
    return c.highlights === 0 || (flag(s, 'screenshot') && c.highlights <= limit) || { refusal: 'plan', limit, used: c.highlights };
  },
  'organizations.create': (s, c) => within(s, 'organisations', limitOf(s, 'organizations.create'), c.adminOf),
};

const DEFAULT_CODE: Record<RefusalKind, RefusalCode> = { hidden: 'not_found', plan: 'plan_limit', role: 'forbidden' };

/** The decision on `action` for `subject`; limited actions need the count (`ContextOf`). */
export function decide<A extends Action>(subject: Subject, action: A, ...[context]: ContextArgs<A>): Decision {
  const verdict = (RULES[action] as Rule<A>)(subject, (context ?? {}) as ContextOf<A>);
  if (verdict === true) return { allowed: true };
  const code = verdict.code ?? DEFAULT_CODE[verdict.refusal];
  const refused: Refused = {
    allowed: false,
    action,
    refusal: verdict.refusal,
    code,
    status: REFUSAL_STATUS[code],
    message: verdict.message ?? (verdict.refusal === 'plan' ? MSG.billing.upgrade : verdict.refusal === 'role' ? NOT_ADMIN : HIDDEN),
  };
  if (verdict.limit !== undefined) Object.assign(refused, { limit: verdict.limit, used: verdict.used });
  return refused;
}

/** Whether `subject` may do `action` (for what a refusal does not stop: a column shown, a list widened). */
export function allows<A extends Action>(subject: Subject, action: A, ...context: ContextArgs<A>): boolean {
  return decide(subject, action, ...context).allowed;
}
