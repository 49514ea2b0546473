import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';

/**
 * The Slack app's service: what other features call. TO BE IMPLEMENTED (issue 15, Slack helper):
 * see /tmp/brief15/. The signatures are fixed: alerts calls them.
 */

/** What Slack answered to a message (a test message when a channel is saved, or an alert). */
export interface SlackPostOutcome {
  ok: boolean;
  /** Slack's error code when not ok (channel_not_found, not_in_channel, invalid_auth, …). */
  error?: string;
  /** A sentence for the person who saved the channel. */
  message: string;
}

/** One of the organization's Slack channels (from `conversations.list`), or undefined. */
export async function findSlackChannel(_db: Db | Tx, _orgId: number, _channelId: string): Promise<{ channelId: string; name: string } | undefined> {
  return undefined;
}

/** Posts a short test message to a channel through the organization's installed app. */
export async function sendSlackChannelTest(_deps: { db: Db; config: Config }, _orgId: number, _channelId: string): Promise<SlackPostOutcome> {
  return { ok: false, error: 'not_installed', message: 'The Slack app is not installed for this organization.' };
}
