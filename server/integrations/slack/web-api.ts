import type { SlackMessage } from './client.js';

/**
 * A small client for the Slack Web API methods the app uses (oauth.v2.access, conversations.list,
 * chat.postMessage, auth.revoke). The base URL comes from configuration (SLACK_API_URL; a local
 * fake in tests), never from a user, so plain `fetch` is used. Slack answers most errors with
 * HTTP 200 and `{ ok: false, error }`; a 429 carries `Retry-After` seconds. Never throws.
 */

export type SlackApiResult<T> =
  | { ok: true; body: T }
  /**
   * `error`: Slack's code (`invalid_auth`, `channel_not_found`, …), `ratelimited` for a 429, or
   * `http_{status}` / `network` when Slack itself failed. `transient`: trying again later can help.
   */
  | { ok: false; error: string; transient: boolean; retryAfterSeconds?: number };

const TIMEOUT_MS = 15_000;

/** Without its trailing slashes (a loop: a regex here would be quadratic on hostile input). */
function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/** Slack codes that mean the token is gone for good: the installation is over. */
export const REVOKED_TOKEN_ERRORS = new Set(['invalid_auth', 'token_revoked', 'account_inactive', 'not_authed', 'token_expired']);

async function call<T>(apiUrl: string, method: string, init: { token?: string; form?: Record<string, string>; json?: unknown }): Promise<SlackApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  let res: Response;
  try {
    res = await fetch(`${trimSlashes(apiUrl)}/${method}`, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return { ok: false, error: 'network', transient: true };
  }
  if (res.status === 429) {
    const after = Number(res.headers.get('retry-after'));
    await res.body?.cancel();
    return { ok: false, error: 'ratelimited', transient: true, retryAfterSeconds: Number.isFinite(after) && after >= 0 ? after : undefined };
  }
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    return { ok: false, error: `http_${res.status}`, transient: res.status >= 500 };
  }
  const answer = parsed as { ok?: unknown; error?: unknown } | null;
  if (!answer || typeof answer !== 'object') return { ok: false, error: `http_${res.status}`, transient: res.status >= 500 };
  if (answer.ok === true) return { ok: true, body: parsed as T };
  const error = typeof answer.error === 'string' && /^[a-z][a-z0-9_.]{0,63}$/.test(answer.error) ? answer.error : `http_${res.status}`;
  // Slack's own transient codes; anything else is a refusal that a retry will not change.
  const transient =
    res.status >= 500 || error === 'internal_error' || error === 'fatal_error' || error === 'service_unavailable' || error === 'request_timeout';
  return { ok: false, error, transient };
}

export interface OAuthAccess {
  access_token: string;
  token_type?: string;
  scope?: string;
  bot_user_id?: string;
  app_id?: string;
  team?: { id: string; name?: string } | null;
}

/** Exchanges an authorization code for the bot token (oauth.v2.access). */
export function oauthAccess(apiUrl: string, args: { clientId: string; clientSecret: string; code: string; redirectUri: string }) {
  return call<OAuthAccess>(apiUrl, 'oauth.v2.access', {
    form: { client_id: args.clientId, client_secret: args.clientSecret, code: args.code, redirect_uri: args.redirectUri },
  });
}

export interface SlackConversation {
  id: string;
  name: string;
  is_private?: boolean;
  is_member?: boolean;
  is_archived?: boolean;
}

/** One page of conversations.list. */
export function listConversations(apiUrl: string, token: string, cursor?: string) {
  const form: Record<string, string> = { types: 'public_channel,private_channel', exclude_archived: 'true', limit: '200' };
  if (cursor) form.cursor = cursor;
  return call<{ channels?: SlackConversation[]; response_metadata?: { next_cursor?: string } }>(apiUrl, 'conversations.list', { token, form });
}

/** Posts a message to a channel as the app's bot (chat.postMessage). */
export function postChatMessage(apiUrl: string, token: string, channel: string, message: SlackMessage) {
  return call<{ channel?: string; ts?: string }>(apiUrl, 'chat.postMessage', { token, json: { channel, ...message } });
}

/** Revokes the bot token (auth.revoke): the app's uninstall from our side. */
export function revokeToken(apiUrl: string, token: string) {
  return call<{ revoked?: boolean }>(apiUrl, 'auth.revoke', { token, form: {} });
}

/** Slack's error codes for a bot post, in words for the person who chose the channel. */
const POST_ERRORS: Record<string, string> = {
  channel_not_found: 'The channel was not found: it may have been deleted, or it is private and the app was not invited.',
  not_in_channel: 'The app is not in this channel: invite it with /invite @Coverwatch.',
  is_archived: 'The channel is archived.',
  msg_too_long: 'The message was too long for Slack.',
  no_text: 'The message was empty.',
  invalid_blocks: 'Slack refused the message layout.',
  restricted_action: 'A workspace admin does not allow the app to post in this channel.',
  invalid_auth: "Slack no longer accepts the app's token: reinstall the app from Settings.",
  token_revoked: "The app's token was revoked: reinstall the app from Settings.",
  account_inactive: 'The app was removed from the workspace: reinstall it from Settings.',
  not_authed: "Slack did not accept the app's token: reinstall the app from Settings.",
  ratelimited: 'Slack asked us to slow down; the message will be sent shortly.',
  network: 'Slack could not be reached.',
};

/** A sentence for a Slack error code. */
export function describeSlackApiError(code: string): string {
  return POST_ERRORS[code] ?? `Slack answered ${code}.`;
}
