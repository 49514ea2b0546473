import { describe, expect, it } from 'vitest';
import { PLAN_DEFAULTS } from '../../../common/plans';
import type { CurrentUser } from '../../lib/session';
import { withAbilities } from '../../testing/user-doc';
import { buildNav, isNavItemActive } from './nav-items';

function user(permissions: Partial<typeof PLAN_DEFAULTS.pro>, operator = false, roleId = 1): CurrentUser {
  return withAbilities({
    id: '1',
    name: 'U',
    email: 'u@example.com',
    avatar: null,
    'role-id': roleId,
    'tier-id': 5,
    'default-project-id': null,
    status: 'OK',
    organization: {
      id: '1',
      name: 'Org',
      avatar: null,
      plan: 'pro',
      stripe_customer_id: 'c',
      subscription_status: { trial_expired: false },
      permissions,
      capabilities: { platform_operator: operator },
    },
  });
}

const labels = (u: CurrentUser) => buildNav(u, '4').map((s) => `${s.label ?? '-'}: ${s.items.map((i) => i.label).join(', ')}`);

describe('buildNav', () => {
  it('lists the spec entries with the current project in their paths', () => {
    const nav = buildNav(user(PLAN_DEFAULTS.pro, true), '4');
    expect(labels(user(PLAN_DEFAULTS.pro, true))).toEqual([
      'All Coverage: Overview, Articles, Videos, Streams, Creators',
      'Saved Coverage: Articles, Videos, Streams',
      '-: Reports, Brands, Projects, Tags, Websites, Organizations, Super Search, FAQ',
    ]);
    const paths = nav.flatMap((s) => s.items.filter((i) => !i.external).map((i) => i.to));
    expect(paths).toEqual([
      '/overview/4',
      '/articles-feed/4',
      '/youtube-feed/4',
      '/twitch-feed/4',
      '/creators/4',
      '/articles/4',
      '/videos/4',
      '/streams/4',
      '/reports/4',
      '/brands/4',
      '/projects/4',
      '/tags/4',
      '/websites',
      '/operator/organizations',
      '/supersearch/4',
    ]);
    expect(nav[2].items.find((i) => i.key === 'faq')?.external).toBe(true);
  });

  it('hides Videos, Streams, Creators and Super Search without their features, Websites outside the operator', () => {
    expect(labels(user({ ...PLAN_DEFAULTS.starter, data: false }))).toEqual([
      'All Coverage: Overview, Articles',
      'Saved Coverage: Articles',
      '-: Reports, Brands, Projects, Tags, FAQ',
    ]);
    expect(labels(user(PLAN_DEFAULTS.pro, true, 2))[2]).not.toContain('Websites');
    // Creators with either platform.
    expect(labels(user({ ...PLAN_DEFAULTS.pro, youtube_feed: false }))[0]).toBe('All Coverage: Overview, Articles, Streams, Creators');
    expect(labels(user({ ...PLAN_DEFAULTS.pro, twitch_feed: false }))[0]).toBe('All Coverage: Overview, Articles, Videos, Creators');
  });

  it('marks the entry of the current section active', () => {
    const reports = buildNav(user(PLAN_DEFAULTS.pro), '4')[2].items[0];
    expect(isNavItemActive(reports, '/new-report/4')).toBe(true);
    expect(isNavItemActive(reports, '/reports/4/1')).toBe(true);
    expect(isNavItemActive(reports, '/articles/4')).toBe(false);
    const overview = buildNav(user(PLAN_DEFAULTS.pro), '4')[0].items[0];
    expect(overview.label).toBe('Overview');
    expect(isNavItemActive(overview, '/overview/4')).toBe(true);
    expect(isNavItemActive(overview, '/articles-feed/4')).toBe(false);
  });
});
