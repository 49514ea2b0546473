import { slackChannels, slackInstallations } from '../../server/db/schema/notifications.js';
import { setSlackEnabled } from '../../server/features/organizations/service.js';
import type { TenantFixture, TenantProbeSet } from './types.js';

/**
 * The slack routes in the tenant-isolation suite (issue 15). Every signed-in route acts on the
 * caller's own organization (there is no id to name another's): the outsider's calls reach only
 * its own (absent) installation, and the owner's installation and channels must come out
 * unchanged. Channel lists are scoped in server/features/slack/slack.test.ts.
 */
export const slackProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    const db = f.ctx.deps.db;
    await db
      .insert(slackInstallations)
      .values({ organizationId: f.owner.org.id, teamId: 'T0OWNER', teamName: 'Owner workspace', botTokenEncrypted: 'v1.x.y.z' });
    await db.insert(slackChannels).values({ organizationId: f.owner.org.id, channelId: 'C0OWNER', name: 'owner-press' });
    await setSlackEnabled(db, f.owner.org.id, true);
  },
  ownOrganization: [
    'GET /api/slack/install',
    'GET /api/slack/installation',
    'GET /api/slack/channels',
    'POST /api/slack/channels/refresh',
    'DELETE /api/slack/installation',
  ],
  async snapshot(f: TenantFixture) {
    const q = (sql: string) => f.ctx.deps.pool.query(sql, [f.owner.org.id]).then((r) => JSON.stringify(r.rows));
    return [
      await q('select * from slack_installations where organization_id = $1'),
      await q('select * from slack_channels where organization_id = $1 order by channel_id'),
      await q('select slack_enabled from organizations where id = $1'),
    ].join('\n');
  },
};
