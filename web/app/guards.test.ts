import { describe, expect, it } from 'vitest';
import { PLAN_DEFAULTS } from '../../common/plans';
import type { CurrentUser } from '../lib/session';
import { withAbilities } from '../testing/user-doc';
import type { Project } from '../lib/workspace';
import { accountRedirect, decideRedirect, homePath, isPublicPath, landingPath, pickProjectId, switchProjectPath } from './guards';

function makeUser(over: Partial<CurrentUser> = {}, org: Partial<NonNullable<CurrentUser['organization']>> = {}): CurrentUser {
  return withAbilities({
    id: '7',
    name: 'Ada Admin',
    email: 'ada@example.com',
    avatar: null,
    'role-id': 1,
    'tier-id': 5,
    'default-project-id': null,
    status: 'OK',
    organization: {
      id: '42',
      name: 'Acme',
      avatar: null,
      plan: 'pro',
      stripe_customer_id: 'cus_123',
      subscription_status: { trial_expired: false },
      permissions: { ...PLAN_DEFAULTS.pro },
      capabilities: { platform_operator: false },
      ...org,
    },
    ...over,
  });
}

function project(id: string, name: string, locked = false): Project {
  return {
    id,
    name,
    locked,
    avatar: null,
    client_id: '1',
    client: { id: '1', name: 'Brand' },
    'alert-id': null,
    'youtube-search-id': null,
    'twitch-search-id': null,
    'steam-app-ids': [],
    competitors: [],
    'total-articles': 0,
    'total-reports': 0,
    'inserted-at': null,
    'updated-at': null,
  };
}

const projects = [project('3', 'Zeta'), project('5', 'alpha'), project('9', 'Beta', true)];

describe('decideRedirect', () => {
  it('sends a visitor without a session to /welcome', () => {
    expect(decideRedirect(null, '/projects/3')).toBe('/welcome');
    expect(decideRedirect(null, '/')).toBe('/welcome');
  });

  it('leaves public pages alone', () => {
    for (const path of [
      '/welcome',
      '/login',
      '/signup',
      '/signup/abc',
      '/p/r/12',
      '/p/404',
      '/errors/404',
      '/errors/end-of-trial',
      '/loading/callback',
      '/authentication/basic/logout',
      '/subscription-upgrade-success',
    ])
      expect(decideRedirect(null, path)).toBeNull();
    expect(isPublicPath('/signupx')).toBe(false);
  });

  it('sends a user without organization to /errors/no-org', () => {
    expect(decideRedirect(makeUser({ status: 'NO_ORG', organization: null }), '/projects/3')).toBe('/errors/no-org');
    expect(decideRedirect(makeUser({ status: 'NO_ORG' }), '/tags/3')).toBe('/errors/no-org');
  });

  it('sends an expired trial to /errors/end-of-trial, except the platform operator', () => {
    const expired = { subscription_status: { trial_expired: true }, plan: 'trial', stripe_customer_id: null };
    expect(decideRedirect(makeUser({}, expired), '/brands/3')).toBe('/errors/end-of-trial');
    expect(decideRedirect(makeUser({}, { ...expired, capabilities: { platform_operator: true } }), '/brands/3')).toBeNull();
  });

  it('sends a paid plan without payment customer to /errors/no-customer', () => {
    for (const plan of ['starter', 'pro', 'agency'])
      expect(decideRedirect(makeUser({}, { plan, stripe_customer_id: null }), '/brands/3')).toBe('/errors/no-customer');
    expect(decideRedirect(makeUser({}, { plan: 'trial', stripe_customer_id: null }), '/brands/3')).toBeNull();
    expect(decideRedirect(makeUser({}, { plan: 'admin', stripe_customer_id: null }), '/brands/3')).toBeNull();
    expect(decideRedirect(makeUser({}, { plan: 'pro', stripe_customer_id: null, capabilities: { platform_operator: true } }), '/brands/3')).toBeNull();
  });

  it('does not ask for a payment customer when the operator set the plan by hand', () => {
    const byHand = (plan: string) => ({ plan, stripe_customer_id: null, subscription_status: { trial_expired: false, plan_source: 'operator' as const } });
    for (const plan of ['starter', 'pro', 'agency']) expect(decideRedirect(makeUser({}, byHand(plan)), '/brands/3')).toBeNull();
    for (const source of ['signup', 'stripe'] as const)
      expect(
        decideRedirect(
          makeUser({}, { plan: 'pro', stripe_customer_id: null, subscription_status: { trial_expired: false, plan_source: source } }),
          '/brands/3',
        ),
      ).toBe('/errors/no-customer');
  });

  it('checks the trial before the payment customer', () => {
    expect(decideRedirect(makeUser({}, { plan: 'pro', stripe_customer_id: null, subscription_status: { trial_expired: true } }), '/')).toBe(
      '/errors/end-of-trial',
    );
  });

  it('gates feature routes by plan permissions', () => {
    const none = makeUser({}, { permissions: { ...PLAN_DEFAULTS.pro, data: false, youtube_feed: false, twitch_feed: false } });
    expect(decideRedirect(none, '/supersearch/3')).toBe('/errors/404');
    expect(decideRedirect(none, '/youtube-feed/3')).toBe('/errors/404');
    expect(decideRedirect(none, '/videos/3')).toBe('/errors/404');
    expect(decideRedirect(none, '/twitch-feed/3')).toBe('/errors/404');
    expect(decideRedirect(none, '/streams/3')).toBe('/errors/404');
    expect(decideRedirect(none, '/articles-feed/3')).toBeNull();
    const all = makeUser();
    for (const path of ['/supersearch/3', '/youtube-feed/3', '/videos/3', '/twitch-feed/3', '/streams/3']) expect(decideRedirect(all, path)).toBeNull();
  });

  it('opens /websites only to admins of the platform operator', () => {
    const operator = { capabilities: { platform_operator: true } };
    expect(decideRedirect(makeUser({}, operator), '/websites')).toBeNull();
    expect(decideRedirect(makeUser({}, operator), '/websites/example.com')).toBeNull();
    expect(decideRedirect(makeUser({ 'role-id': 2 }, operator), '/websites')).toBe('/errors/404');
    expect(decideRedirect(makeUser(), '/websites')).toBe('/errors/404');
  });

  it('opens organization details to admins only', () => {
    expect(decideRedirect(makeUser(), '/organization-details/3')).toBeNull();
    expect(decideRedirect(makeUser({ 'role-id': 2 }), '/organization-details/3')).toBe('/errors/404');
    expect(decideRedirect(makeUser({ 'role-id': 2 }), '/settings')).toBeNull();
  });

  it('sends / to the articles feed of the current project unless the user asked for the projects page (000 §2)', () => {
    expect(decideRedirect(makeUser(), '/', { projects })).toBe('/articles-feed/5');
    expect(decideRedirect(makeUser({ 'default-project-id': 3 }), '/', { projects })).toBe('/articles-feed/3');
    expect(decideRedirect(makeUser({ 'default-project-id': 3 }), '/', { projects, lastProjectId: '5' })).toBe('/articles-feed/5');
    expect(decideRedirect(makeUser({ 'default-project-id': 3, open_projects_first: false }), '/', { projects })).toBe('/articles-feed/3');

    const projectsFirst = makeUser({ 'default-project-id': 3, open_projects_first: true });
    expect(decideRedirect(projectsFirst, '/', { projects })).toBe('/projects/3');
    expect(decideRedirect(projectsFirst, '/', { projects, lastProjectId: '5' })).toBe('/projects/5');
    // An archived last project is not reopened.
    expect(decideRedirect(projectsFirst, '/', { projects, lastProjectId: '9' })).toBe('/projects/3');
  });

  it('sends / to the projects page when there is no active project, whatever the flag', () => {
    for (const flag of [true, false]) {
      expect(decideRedirect(makeUser({ open_projects_first: flag }), '/', { projects: [] })).toBe('/projects/0');
      expect(decideRedirect(makeUser({ open_projects_first: flag }), '/', { projects: [project('9', 'Beta', true)] })).toBe('/projects/0');
    }
  });

  it('answers 404 for a project the organization does not have', () => {
    expect(decideRedirect(makeUser(), '/tags/77', { projects })).toBe('/errors/404');
    expect(decideRedirect(makeUser(), '/tags/9', { projects })).toBeNull(); // archived, still theirs
    expect(decideRedirect(makeUser(), '/projects/0', { projects })).toBeNull();
    expect(decideRedirect(makeUser(), '/tags/77')).toBeNull(); // list unknown: no check
    expect(decideRedirect(makeUser(), '/tags')).toBe('/errors/404');
  });
});

describe('pickProjectId', () => {
  it('prefers the default project while it is active, else the first active one by name', () => {
    expect(pickProjectId(makeUser({ 'default-project-id': 3 }), projects)).toBe('3');
    expect(pickProjectId(makeUser({ 'default-project-id': 9 }), projects)).toBe('5'); // archived default
    expect(pickProjectId(makeUser(), projects)).toBe('5'); // "alpha" before "Zeta"
    expect(pickProjectId(makeUser(), [project('1', 'Old', true)])).toBeNull();
  });
});

describe('landingPath (/loading/callback)', () => {
  it('opens the articles feed of the default or first project, the projects page without one', () => {
    expect(landingPath(makeUser({ 'default-project-id': '3' }), projects)).toBe('/articles-feed/3');
    expect(landingPath(makeUser(), projects)).toBe('/articles-feed/5');
    expect(landingPath(makeUser(), [])).toBe('/projects/0');
  });

  it('opens the projects page first when the user set the flag', () => {
    expect(landingPath(makeUser({ 'default-project-id': '3', open_projects_first: true }), projects)).toBe('/projects/3');
    expect(landingPath(makeUser({ open_projects_first: true }), projects)).toBe('/projects/5');
    expect(landingPath(makeUser({ open_projects_first: true }), [])).toBe('/projects/0');
  });

  it('applies the account redirects first', () => {
    expect(landingPath(makeUser({ status: 'NO_ORG', organization: null }))).toBe('/errors/no-org');
    expect(landingPath(makeUser({}, { subscription_status: { trial_expired: true } }), projects)).toBe('/errors/end-of-trial');
    expect(accountRedirect(makeUser())).toBeNull();
  });
});

describe('homePath', () => {
  it('is the projects page or the articles feed of the given project', () => {
    expect(homePath(makeUser({ open_projects_first: true }), '4')).toBe('/projects/4');
    expect(homePath(makeUser({ open_projects_first: false }), '4')).toBe('/articles-feed/4');
    // An older server without the flag: the spec's default, the feed.
    expect(homePath(makeUser(), '4')).toBe('/articles-feed/4');
    expect(homePath(makeUser({ open_projects_first: true }), null)).toBe('/projects/0');
  });
});

describe('switchProjectPath', () => {
  it('keeps the screen and swaps the project', () => {
    expect(switchProjectPath('/tags/4', '9')).toBe('/tags/9');
    expect(switchProjectPath('/reports/4/12', '9')).toBe('/reports/9');
    expect(switchProjectPath('/settings', '9')).toBe('/settings');
    expect(switchProjectPath('/websites/example.com', '9')).toBe('/websites/example.com');
  });
});
