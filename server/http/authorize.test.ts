import { describe, expect, it } from 'vitest';
import { ROLE } from '../../common/limits.js';
import { MSG } from '../../common/messages.js';
import { CAPABILITIES_BY_LEGACY_ID, NO_CAPABILITIES, PLAN_DEFAULTS } from '../../common/plans.js';
import { REFUSAL_STATUS, type RefusalCode } from '../../common/policy.js';
import { authorize, authorizeChannels, parameterRefusals, refusalError, webhookChannels } from './authorize.js';
import { AppError } from './errors.js';

const starter = {
  roleId: ROLE.user,
  org: { plan: 'starter', permissions: { ...PLAN_DEFAULTS.starter, slack: false, discord: false }, capabilities: NO_CAPABILITIES },
};
const operatorMember = { roleId: ROLE.user, org: { plan: 'admin', permissions: PLAN_DEFAULTS.admin, capabilities: CAPABILITIES_BY_LEGACY_ID[1] } };

/** What `fn` threw, as the error handler would answer it. */
function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).toObjects()[0];
  }
  throw new Error('nothing was thrown');
}

describe('authorize', () => {
  it('answers each refusal code with the status the policy gives it', () => {
    for (const code of Object.keys(REFUSAL_STATUS) as RefusalCode[]) {
      expect(refusalError({ allowed: false, action: 'org.admin', refusal: 'role', code, status: REFUSAL_STATUS[code], message: 'm' }).status).toBe(
        REFUSAL_STATUS[code],
      );
    }
  });

  it('returns the subject it allowed', () => {
    expect(authorize(operatorMember, 'websites.read')).toBe(operatorMember);
  });

  it('turns hidden, plan and role refusals into 404, 403 plan_limit and 403', () => {
    expect(thrown(() => authorize(starter, 'websites.write'))).toEqual({ status: '404', code: 'not_found', title: 'Not found', detail: 'No such API route' });
    expect(thrown(() => authorize(starter, 'youtube.use'))).toEqual({
      status: '403',
      code: 'plan_limit',
      title: 'Upgrade required',
      detail: MSG.billing.upgrade,
    });
    expect(thrown(() => authorize(operatorMember, 'websites.write'))).toMatchObject({ status: '403', code: 'forbidden' });
    expect(thrown(() => authorize({ roleId: ROLE.kicked, org: starter.org }, 'org.member'))).toMatchObject({
      status: '403',
      code: 'no_org',
      detail: MSG.pages.noOrg,
    });
  });

  it('points at the field that asked, and passes the count of a limited action', () => {
    expect(thrown(() => authorize(starter, 'supersearch.competitors', { at: '/competitorIndex' }))).toMatchObject({
      code: 'plan_limit',
      source: { pointer: '/competitorIndex' },
    });
    expect(() => authorize(starter, 'projects.create', { activeProjects: 5 })).not.toThrow();
    expect(thrown(() => authorize(starter, 'alerts.create', { projectAlerts: 1, at: '/data/attributes/project_id' }))).toMatchObject({
      status: '409',
      code: 'conflict',
      detail: MSG.alertsApi.projectHasAlert,
      source: { pointer: '/data/attributes/project_id' },
    });
  });
});

describe('authorizeChannels', () => {
  const pointer = (f: string) => `/data/attributes/${f}`;

  it('checks Slack, then Discord, each at its field; channels not switched on need nothing', () => {
    const both = webhookChannels({ slack_webhook_url: 'https://hooks.slack.test/x', discord_webhook_url: 'https://discord.test/x' }, pointer);
    expect(thrown(() => authorizeChannels(starter, both))).toMatchObject({ code: 'plan_limit', source: { pointer: '/data/attributes/slack_webhook_url' } });
    const discord = webhookChannels({ slack_webhook_url: '', discord_webhook_url: 'https://discord.test/x' }, (f) => `/${f}`);
    expect(thrown(() => authorizeChannels(starter, discord))).toMatchObject({ code: 'plan_limit', source: { pointer: '/discord_webhook_url' } });
    expect(() => authorizeChannels(starter, webhookChannels({ slack_webhook_url: null }, pointer))).not.toThrow();
    expect(() => authorizeChannels(operatorMember, both)).not.toThrow();
  });
});

describe('parameterRefusals', () => {
  it('reports a refused filter as a 400 at each parameter that asked for it', () => {
    expect(parameterRefusals(starter, 'feed.regionalFilters', ['filter[ea_only]', 'filter[regions]'])).toEqual([
      { status: '400', code: 'bad_request', title: 'Bad request', detail: MSG.alertsApi.regionalFilters, source: { parameter: 'filter[ea_only]' } },
      { status: '400', code: 'bad_request', title: 'Bad request', detail: MSG.alertsApi.regionalFilters, source: { parameter: 'filter[regions]' } },
    ]);
    const regional = { ...starter, org: { ...starter.org, capabilities: CAPABILITIES_BY_LEGACY_ID[17] } };
    expect(parameterRefusals(regional, 'feed.regionalFilters', ['filter[regions]'])).toEqual([]);
  });
});
