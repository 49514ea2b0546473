import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { slackChannels, slackInstallations } from '../../db/schema/notifications.js';
import type { SlackMessage } from '../../integrations/slack/client.js';
import {
  describeSlackApiError,
  listConversations,
  oauthAccess,
  postChatMessage,
  REVOKED_TOKEN_ERRORS,
  revokeToken,
  type SlackApiResult,
  type SlackConversation,
} from '../../integrations/slack/web-api.js';
import type { WebhookOutcome } from '../../integrations/webhook.js';
import { loadTokenSecret } from '../auth/service.js';
import { failPendingSlackBotRows, type SlackBotPoster } from '../notifications/service.js';
import { setSlackEnabled } from '../organizations/service.js';
import { decryptToken, encryptToken, signState, verifyState } from './crypto.js';

/**
 * The Slack app's service: the OAuth v2 install, the workspace's channels, posting as the bot,
 * and the end of an installation (uninstalled, revoked). `findSlackChannel` and
 * `sendSlackChannelTest` are what alerts calls when a channel is saved.
 */

export interface SlackDeps {
  db: Db;
  config: Config;
}

/** What Slack answered to a message (a test message when a channel is saved, or an alert). */
export interface SlackPostOutcome {
  ok: boolean;
  /** Slack's error code when not ok (channel_not_found, not_in_channel, invalid_auth, …). */
  error?: string;
  /** A sentence for the person who saved the channel. */
  message: string;
}

/** The bot's permissions: post (also in public channels it was not invited to) and list channels. */
export const SLACK_SCOPES = 'chat:write,channels:read,groups:read,chat:write.public';

/** Where Slack sends the browser back after the authorize page. */
export const CALLBACK_PATH = '/api/p/slack/oauth/callback';

export const slackConfigured = (config: Config) => Boolean(config.slack.clientId && config.slack.clientSecret);

/** The "Add to Slack" link: Slack's authorize page with our client id, scopes, callback and a signed state. */
export async function authorizeUrl(deps: SlackDeps, who: { orgId: number; userId: number }, baseUrl: string): Promise<string> {
  const secret = await loadTokenSecret(deps.db, deps.config);
  const url = new URL(deps.config.slack.authorizeUrl);
  url.searchParams.set('client_id', deps.config.slack.clientId ?? '');
  url.searchParams.set('scope', SLACK_SCOPES);
  url.searchParams.set('redirect_uri', `${baseUrl}${CALLBACK_PATH}`);
  url.searchParams.set('state', signState(secret, who));
  return url.toString();
}

/** Why an install did not finish, as the `reason` of /slack/installed (the page explains each). */
export type InstallFailure = 'invalid_state' | 'expired_state' | 'access_denied' | 'not_configured' | 'exchange_failed' | 'missing_code';

/**
 * The callback's work: check the state, exchange the code for the bot token, store the
 * installation (replacing an earlier one) with the token encrypted, switch Slack on for the
 * organization and list the workspace's channels.
 */
export async function completeInstall(
  deps: SlackDeps,
  args: { code?: string; state?: string; error?: string; baseUrl: string },
): Promise<{ ok: true; orgId: number } | { ok: false; reason: InstallFailure }> {
  const { clientId, clientSecret } = deps.config.slack;
  if (!clientId || !clientSecret) return { ok: false, reason: 'not_configured' };
  const secret = await loadTokenSecret(deps.db, deps.config);
  const checked = verifyState(secret, args.state ?? '');
  if (!checked.ok) return { ok: false, reason: checked.reason };
  // The person pressed "Cancel" on Slack's page.
  if (args.error) return { ok: false, reason: 'access_denied' };
  if (!args.code) return { ok: false, reason: 'missing_code' };
  const { orgId, userId } = checked.state;
  const access = await oauthAccess(deps.config.slack.apiUrl, { clientId, clientSecret, code: args.code, redirectUri: `${args.baseUrl}${CALLBACK_PATH}` });
  if (!access.ok || !access.body.access_token || !access.body.team?.id) return { ok: false, reason: 'exchange_failed' };
  const token = access.body.access_token;
  const values = {
    teamId: access.body.team.id,
    teamName: access.body.team.name ?? null,
    botUserId: access.body.bot_user_id ?? null,
    appId: access.body.app_id ?? null,
    scope: access.body.scope ?? null,
    botTokenEncrypted: encryptToken(secret, orgId, token),
    installedBy: userId,
    installedAt: new Date(),
    revokedAt: null,
    revokedReason: null,
    channelsSyncedAt: null,
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(slackInstallations)
      .values({ organizationId: orgId, ...values })
      .onConflictDoUpdate({ target: slackInstallations.organizationId, set: values });
    // Another workspace's channels are not this one's.
    await tx.delete(slackChannels).where(eq(slackChannels.organizationId, orgId));
    await setSlackEnabled(tx, orgId, true);
  });
  // The install stands even if the listing fails now: "Refresh channels" tries again.
  await syncChannels(deps, orgId, token);
  return { ok: true, orgId };
}

/** The organization's installation, active or revoked. */
export async function findInstallation(db: Db | Tx, orgId: number) {
  const [row] = await db.select().from(slackInstallations).where(eq(slackInstallations.organizationId, orgId));
  return row;
}

/** The clear bot token of an active installation, or null. */
async function activeToken(deps: SlackDeps, orgId: number): Promise<string | null> {
  const row = await findInstallation(deps.db, orgId);
  if (!row || row.revokedAt) return null;
  return decryptToken(await loadTokenSecret(deps.db, deps.config), orgId, row.botTokenEncrypted);
}

const MAX_CHANNEL_PAGES = 50;

/**
 * Lists the workspace's channels (every page of conversations.list) and replaces the
 * organization's list with them in one transaction, so a failure half-way leaves the old list.
 * A revoked token ends the installation.
 */
export async function syncChannels(deps: SlackDeps, orgId: number, token?: string): Promise<SlackApiResult<{ count: number }>> {
  const bot = token ?? (await activeToken(deps, orgId));
  if (!bot) return { ok: false, error: 'not_installed', transient: false };
  const found = new Map<string, SlackConversation>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_CHANNEL_PAGES; page++) {
    const res = await listConversations(deps.config.slack.apiUrl, bot, cursor);
    if (!res.ok) {
      if (REVOKED_TOKEN_ERRORS.has(res.error)) await endInstallation(deps.db, { orgId }, res.error);
      return res;
    }
    for (const c of res.body.channels ?? []) if (c?.id && c.name && !c.is_archived) found.set(c.id, c);
    cursor = res.body.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.delete(slackChannels).where(eq(slackChannels.organizationId, orgId));
    const rows = [...found.values()].map((c) => ({
      organizationId: orgId,
      channelId: c.id,
      name: c.name.slice(0, 200),
      isPrivate: Boolean(c.is_private),
      isMember: Boolean(c.is_member),
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(slackChannels).values(rows.slice(i, i + 500));
    await tx.update(slackInstallations).set({ channelsSyncedAt: now }).where(eq(slackInstallations.organizationId, orgId));
  });
  return { ok: true, body: { count: found.size } };
}

/** The organization's channels, by name. */
export function listChannels(db: Db | Tx, orgId: number) {
  return db.select().from(slackChannels).where(eq(slackChannels.organizationId, orgId)).orderBy(asc(slackChannels.name), asc(slackChannels.channelId));
}

export async function channelCount(db: Db | Tx, orgId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(slackChannels).where(eq(slackChannels.organizationId, orgId));
  return Number(row?.n ?? 0);
}

/**
 * The installation is over (Slack said the app was uninstalled or the token revoked, or an admin
 * disconnected it): revoked with the reason, Slack switched off for the organization, the bot
 * messages still waiting failed with the reason. By organization, or by Slack workspace (events
 * name the team; several organizations may have installed the same workspace).
 */
export async function endInstallation(db: Db, where: { orgId: number } | { teamId: string }, reason: string): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(slackInstallations)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(
        and(
          'orgId' in where ? eq(slackInstallations.organizationId, where.orgId) : eq(slackInstallations.teamId, where.teamId),
          isNull(slackInstallations.revokedAt),
        ),
      )
      .returning({ orgId: slackInstallations.organizationId });
    for (const { orgId } of ended) {
      await setSlackEnabled(tx, orgId, false);
      await failPendingSlackBotRows(tx, orgId, `Slack: the Slack app was disconnected (${reason})`);
    }
    return ended.map((e) => e.orgId);
  });
}

/** An admin's "Disconnect": revoke the token at Slack (best effort), then end the installation. */
export async function uninstall(deps: SlackDeps, orgId: number): Promise<boolean> {
  const row = await findInstallation(deps.db, orgId);
  if (!row) return false;
  const token = row.revokedAt ? null : decryptToken(await loadTokenSecret(deps.db, deps.config), orgId, row.botTokenEncrypted);
  // Whatever Slack answers (already revoked, unreachable), the organization asked to be disconnected.
  if (token) await revokeToken(deps.config.slack.apiUrl, token);
  await endInstallation(deps.db, { orgId }, 'disconnected');
  return true;
}

/** Posts as the bot; a revoked token ends the installation. */
async function postAsBot(
  deps: SlackDeps,
  orgId: number,
  channelId: string,
  message: SlackMessage,
): Promise<SlackApiResult<unknown> | { ok: false; error: 'not_installed'; transient: false }> {
  const token = await activeToken(deps, orgId);
  if (!token) return { ok: false, error: 'not_installed', transient: false };
  const res = await postChatMessage(deps.config.slack.apiUrl, token, channelId, message);
  if (!res.ok && REVOKED_TOKEN_ERRORS.has(res.error)) await endInstallation(deps.db, { orgId }, res.error);
  return res;
}

const NOT_INSTALLED = 'The Slack app is not installed for this organization.';

/** The outbox's poster (the notifier's `slackBot` dependency): Slack's answer as the outbox's next step. */
export function createSlackBotPoster(deps: SlackDeps): SlackBotPoster {
  return async (orgId, channelId, message): Promise<WebhookOutcome> => {
    const res = await postAsBot(deps, orgId, channelId, message);
    if (res.ok) return { ok: true, status: 200 };
    const words = res.error === 'not_installed' ? NOT_INSTALLED : describeSlackApiError(res.error);
    const text = `Slack: ${res.error} (${words})`;
    if (res.error === 'ratelimited')
      return {
        ok: false,
        retry: 'rate_limited',
        retryAfterSeconds: 'retryAfterSeconds' in res ? (res.retryAfterSeconds ?? null) : null,
        status: 429,
        message: text,
      };
    return { ok: false, retry: res.transient ? 'later' : 'never', status: null, message: text };
  };
}

/** One of the organization's Slack channels (from `conversations.list`), or undefined. */
export async function findSlackChannel(db: Db | Tx, orgId: number, channelId: string): Promise<{ channelId: string; name: string } | undefined> {
  const [row] = await db
    .select({ channelId: slackChannels.channelId, name: slackChannels.name })
    .from(slackChannels)
    .where(and(eq(slackChannels.organizationId, orgId), eq(slackChannels.channelId, channelId)));
  return row;
}

/** Posts a short test message to a channel through the organization's installed app. */
export async function sendSlackChannelTest(
  deps: { db: Db; config: Config },
  orgId: number,
  channelId: string,
  opts: { projectName?: string } = {},
): Promise<SlackPostOutcome> {
  const text = opts.projectName ? `Coverwatch will post ${opts.projectName}'s coverage here.` : 'Coverwatch will post coverage here.';
  const res = await postAsBot(deps, orgId, channelId, { text, blocks: [{ type: 'section', text: { type: 'plain_text', text } }] });
  if (res.ok) return { ok: true, message: 'Slack accepted the test message.' };
  return { ok: false, error: res.error, message: res.error === 'not_installed' ? NOT_INSTALLED : describeSlackApiError(res.error) };
}
