import { describe, expect, it } from 'vitest';
import { ROLE } from './limits.js';
import { MSG } from './messages.js';
import { CAPABILITIES_BY_LEGACY_ID, NO_CAPABILITIES, PLAN_DEFAULTS, PLAN_NAMES, planAllowsCompetitors, type Capabilities } from './plans.js';
import {
  ACTIONS,
  allows,
  decide,
  isActiveMember,
  isTrialExpired,
  OPERATOR_NOT_BILLED,
  REFUSAL_STATUS,
  roleNames,
  type Action,
  type Decision,
  type LimitedAction,
  type PlainAction,
  type PolicyOrg,
  type RefusalKind,
  type Subject,
} from './policy.js';

/*
 * Every action × plan × role × capability set, against tables written from the spec (000 §6,
 * 001 §9–10), not from the policy: a rule that changes shows up here as a changed row.
 */

type Plan = keyof typeof PLAN_DEFAULTS;
const PLANS: Plan[] = ['starter', 'pro', 'agency', 'trial', 'admin'];
const ROLES = { admin: ROLE.admin, user: ROLE.user, kicked: ROLE.kicked, none: null } as const;
type Role = keyof typeof ROLES;
/** The capability sets the spec grants: organization 1 (operator), 17 (regional filters), 110 (headline tools), and none. */
const CAPS: Record<string, Capabilities> = {
  none: NO_CAPABILITIES,
  operator: CAPABILITIES_BY_LEGACY_ID[1],
  regional: CAPABILITIES_BY_LEGACY_ID[17],
  headlines: CAPABILITIES_BY_LEGACY_ID[110],
};
type Caps = keyof typeof CAPS;

const subject = (plan: Plan, role: Role, caps: Caps): Subject => ({
  roleId: ROLES[role],
  org: { plan, permissions: PLAN_DEFAULTS[plan], capabilities: CAPS[caps], trialEndsAt: null, subscriptionStatus: plan === 'trial' ? 'trialing' : 'active' },
});

/** What a decision looks like, in short: allowed, or [kind, code, message]. */
type Outcome = true | [RefusalKind, string, string];
const outcome = (d: Decision): Outcome => (d.allowed ? true : [d.refusal, d.code, d.message]);

const HIDDEN = 'No such API route';
const NOT_ADMIN = 'Only an admin of the organization can do this';
const UPGRADE: Outcome = ['plan', 'plan_limit', MSG.billing.upgrade];
const yes =
  (...plans: Plan[]) =>
  (plan: Plan): Outcome =>
    plans.includes(plan) || UPGRADE;

/** Plan-gated actions: which plans have them (PLAN_DEFAULTS and the pricing table); role and capabilities play no part. */
const BY_PLAN: Partial<Record<PlainAction, (plan: Plan) => Outcome>> = {
  'youtube.use': yes('pro', 'agency', 'trial', 'admin'),
  'twitch.use': yes('pro', 'agency', 'trial', 'admin'),
  'supersearch.use': yes(...PLANS),
  // "plans whose name contains pro plan, agency, admin or user" (000 §6).
  'supersearch.competitors': yes('pro', 'agency', 'admin'),
  'reports.use': yes(...PLANS),
  'screenshots.take': yes(...PLANS),
  'notify.slack': yes(...PLANS),
  'notify.discord': yes(...PLANS),
  'feed.umv': yes('pro', 'agency', 'trial', 'admin'),
  'reports.customBranding': yes('agency', 'admin'),
};

const member = (role: Role): Outcome => role === 'admin' || role === 'user' || ['role', 'no_org', MSG.pages.noOrg];
const admin = (role: Role, message = NOT_ADMIN): Outcome => role === 'admin' || ['role', 'forbidden', message];
const operator = (caps: Caps, message = HIDDEN): Outcome => caps === 'operator' || ['hidden', 'not_found', message];

/** Role and capability actions: the spec's rules, per role and capability set (the plan plays no part). */
const BY_ROLE_AND_CAPS: Partial<Record<PlainAction, (role: Role, caps: Caps) => Outcome>> = {
  'org.member': (role) => member(role),
  'workspace.use': (role) => member(role),
  'org.admin': (role) => admin(role),
  'billing.manage': (role, caps) => {
    if (role !== 'admin') return ['role', 'forbidden', MSG.billing.contactAdmin];
    return caps !== 'operator' || ['role', 'forbidden', OPERATOR_NOT_BILLED];
  },
  'mail.read': (role, caps) => caps === 'operator' || admin(role),
  'sources.suggest': (role) => admin(role, 'Only an admin of the organization can suggest an outlet'),
  'platform.operate': (_role, caps) => operator(caps),
  'operator.console': (role, caps) => (caps === 'operator' && role === 'admin') || ['hidden', 'not_found', HIDDEN],
  'websites.read': (_role, caps) => operator(caps),
  'websites.write': (role, caps) =>
    caps !== 'operator' ? operator(caps) : admin(role, 'Only an admin of the platform operator can change websites and feeds'),
  'youtube.refresh': (_role, caps) => operator(caps, 'The YouTube feed was not found'),
  'twitch.refresh': (_role, caps) => operator(caps, 'The feed was not found'),
  // Organization 17 only; organizations 1 and 110 have headline tools (000 §6).
  'feed.regionalFilters': (_role, caps) => caps === 'regional' || ['hidden', 'not_found', MSG.alertsApi.regionalFilters],
  'ai.headlineTools': (_role, caps) => caps === 'operator' || caps === 'headlines' || ['hidden', 'not_found', 'The route was not found'],
};

/** Limits per plan (001 §10 pricing; the trial a taste of Pro with fewer projects; admin unlimited). */
const LIMITS: Record<LimitedAction, Record<Plan, number>> = {
  'projects.create': { starter: 6, pro: 12, agency: 30, trial: 3, admin: 100000 },
  'reports.create': { starter: 50, pro: 200, agency: 100000, trial: 10, admin: 100000 },
  'reports.highlight': { starter: 5, pro: 10, agency: 20, trial: 5, admin: 20 },
  'organizations.create': { starter: 1, pro: 3, agency: 5, trial: 1, admin: 100000 },
  'alerts.create': { starter: 1, pro: 1, agency: 5, trial: 1, admin: 100000 },
};
const context = (action: LimitedAction, n: number) =>
  ({
    'projects.create': { activeProjects: n },
    'reports.create': { reports: n },
    'reports.highlight': { highlights: n },
    'organizations.create': { adminOf: n },
    'alerts.create': { projectAlerts: n },
  })[action];
const decideLimited = (s: Subject, action: LimitedAction, n: number) =>
  (decide as (s: Subject, a: Action, c: object) => Decision)(s, action, context(action, n));

const grid = PLANS.flatMap((plan) => (Object.keys(ROLES) as Role[]).flatMap((role) => Object.keys(CAPS).map((caps) => ({ plan, role, caps }))));

describe('policy table', () => {
  it('has a row in these tables for every action', () => {
    const covered = [...Object.keys(BY_PLAN), ...Object.keys(BY_ROLE_AND_CAPS), ...Object.keys(LIMITS)].sort();
    expect(covered).toEqual([...ACTIONS].sort());
  });

  it.each(Object.entries(BY_PLAN))('%s: by plan, whatever the role and capabilities', (action, expected) => {
    for (const { plan, role, caps } of grid) {
      expect(outcome(decide(subject(plan, role, caps), action as PlainAction)), `${plan} ${role} ${caps}`).toEqual(expected(plan));
    }
  });

  it.each(Object.entries(BY_ROLE_AND_CAPS))('%s: by role and capabilities, whatever the plan', (action, expected) => {
    for (const { plan, role, caps } of grid) {
      expect(outcome(decide(subject(plan, role, caps), action as PlainAction)), `${plan} ${role} ${caps}`).toEqual(expected(role, caps));
    }
  });

  it.each(Object.entries(LIMITS))('%s: allowed below the plan limit, refused at it, for every role and capability set', (action, limits) => {
    const a = action as LimitedAction;
    for (const { plan, role, caps } of grid) {
      const s = subject(plan, role, caps);
      const limit = limits[plan];
      // Highlights may reach the limit (000 §6: "allowed only while highlighted count below max" of the report's own).
      const over = a === 'reports.highlight' ? limit + 1 : limit;
      expect(decideLimited(s, a, over - 1).allowed, `${plan} ${role} ${caps} below`).toBe(true);
      const refused = decideLimited(s, a, over);
      expect(refused, `${plan} ${role} ${caps} at`).toMatchObject({ allowed: false, refusal: 'plan', limit, used: over });
      if (a === 'alerts.create' && limit === 1) {
        // A one-alert plan: the 409 the second alert always was.
        expect(refused).toMatchObject({ code: 'conflict', status: 409, message: MSG.alertsApi.projectHasAlert });
      } else if (a === 'alerts.create') {
        expect(refused).toMatchObject({ code: 'plan_limit', status: 403, message: MSG.billing.alertLimit(limit) });
      } else {
        expect(refused).toMatchObject({ code: 'plan_limit', status: 403, message: MSG.billing.upgrade });
      }
    }
  });
});

describe('policy edges', () => {
  const org = (permissions: PolicyOrg['permissions']) => ({ org: { permissions } });

  it('refuses every plan-gated and limited action without permissions (an unknown organization)', () => {
    for (const action of Object.keys(BY_PLAN) as PlainAction[]) expect(outcome(decide({ org: { permissions: undefined } }, action))).toEqual(UPGRADE);
    for (const action of ['projects.create', 'reports.create', 'organizations.create'] as const) {
      expect(decideLimited(org(undefined), action, 0)).toMatchObject({ allowed: false, code: 'plan_limit', limit: 0, used: 0 });
    }
    // One highlight needs the screenshot flag; none needs nothing.
    expect(decideLimited(org(undefined), 'reports.highlight', 1).allowed).toBe(false);
    expect(decideLimited(org(undefined), 'reports.highlight', 0).allowed).toBe(true);
  });

  it('refuses a limited action whose flag is off, even with room under the number', () => {
    expect(decideLimited(org({ ...PLAN_DEFAULTS.agency, projects: false }), 'projects.create', 0)).toMatchObject({ allowed: false, code: 'plan_limit' });
    expect(decideLimited(org({ ...PLAN_DEFAULTS.agency, reports: false }), 'reports.create', 0)).toMatchObject({ allowed: false, code: 'plan_limit' });
    expect(decideLimited(org({ ...PLAN_DEFAULTS.agency, organisations: false }), 'organizations.create', 0)).toMatchObject({ allowed: false });
    expect(decideLimited(org({ ...PLAN_DEFAULTS.agency, screenshot: false }), 'reports.highlight', 1)).toMatchObject({ allowed: false });
  });

  it('counts permissions copied before the alerts limit existed as a one-alert plan', () => {
    const { max_alerts_per_project: _, ...legacy } = PLAN_DEFAULTS.agency;
    expect(decideLimited(org(legacy), 'alerts.create', 0).allowed).toBe(true);
    expect(decideLimited(org(legacy), 'alerts.create', 1)).toMatchObject({ code: 'conflict', limit: 1 });
  });

  it('follows an exception the operator granted in the stored permissions, not the plan name', () => {
    const starterWithYoutube = { plan: 'starter', permissions: { ...PLAN_DEFAULTS.starter, youtube_feed: true } };
    expect(allows({ org: starterWithYoutube }, 'youtube.use')).toBe(true);
    expect(allows({ org: starterWithYoutube }, 'twitch.use')).toBe(false);
  });

  it('gives competitor comparison to the same plans as the display-name rule, by plan id', () => {
    for (const plan of PLANS) expect(allows({ org: { plan } }, 'supersearch.competitors'), plan).toBe(planAllowsCompetitors(PLAN_NAMES[plan]));
    // A renamed plan keeps its access: the id decides.
    expect(allows({ org: { plan: 'pro' } }, 'supersearch.competitors')).toBe(true);
    expect(allows({ org: { plan: 'Pro plan' } }, 'supersearch.competitors')).toBe(false);
  });

  it('closes the workspace when the trial is over or the subscription expired, never the operator', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const before = new Date('2026-02-28T00:00:00Z');
    const after = new Date('2026-03-02T00:00:00Z');
    const trial = (extra: object) => ({
      roleId: ROLE.user,
      org: { plan: 'trial', capabilities: NO_CAPABILITIES, trialEndsAt: after, subscriptionStatus: 'trialing', ...extra },
    });
    const expired: Outcome = ['plan', 'trial_expired', MSG.billing.upgrade];
    expect(outcome(decide(trial({}), 'workspace.use', { now }))).toBe(true);
    expect(outcome(decide(trial({ trialEndsAt: before }), 'workspace.use', { now }))).toEqual(expired);
    expect(outcome(decide(trial({ plan: 'pro', trialEndsAt: before }), 'workspace.use', { now }))).toBe(true);
    expect(outcome(decide(trial({ plan: 'pro', subscriptionStatus: 'expired' }), 'workspace.use', { now }))).toEqual(expired);
    expect(outcome(decide(trial({ capabilities: CAPS.operator, subscriptionStatus: 'expired', trialEndsAt: before }), 'workspace.use', { now }))).toBe(true);
    // Membership comes first: a kicked member of an expired organization has no organization.
    expect(decide({ ...trial({ trialEndsAt: before }), roleId: ROLE.kicked }, 'workspace.use', { now })).toMatchObject({ code: 'no_org' });
    expect(isTrialExpired({ plan: 'trial', trialEndsAt: before }, now)).toBe(true);
  });

  it('refuses membership without an organization, whatever the role', () => {
    expect(decide({ roleId: ROLE.admin, org: null }, 'org.member')).toMatchObject({ allowed: false, code: 'no_org', status: 403 });
  });

  it('carries the status of its code in every refusal', () => {
    for (const { plan, role, caps } of grid) {
      for (const action of [...Object.keys(BY_PLAN), ...Object.keys(BY_ROLE_AND_CAPS)] as PlainAction[]) {
        const d = decide(subject(plan, role, caps), action);
        if (!d.allowed) expect(d.status).toBe(REFUSAL_STATUS[d.code]);
        if (!d.allowed) expect(d.action).toBe(action);
      }
    }
    expect(REFUSAL_STATUS).toEqual({ not_found: 404, plan_limit: 403, forbidden: 403, no_org: 403, trial_expired: 403, conflict: 409 });
  });

  it('names the roles and tells the active ones', () => {
    expect([ROLE.admin, ROLE.user, ROLE.kicked, null].map(roleNames)).toEqual([['admin'], ['user'], [], []]);
    expect([ROLE.admin, ROLE.user, ROLE.kicked, null, undefined].map(isActiveMember)).toEqual([true, true, false, false, false]);
  });
});
