import type { FetchError } from '../../net/http-client.js';
import { postWebhookJson, type WebhookClientOptions, type WebhookOutcome, type WebhookService } from '../webhook.js';

/**
 * A small Slack incoming-webhook client (shared/reference/third-party-apis.md §3). The POST and
 * what to do after it live in `../webhook.ts`; Slack's part is its message shape and reading its
 * plain-text error codes. A 429 waits for `Retry-After` (seconds).
 */

export interface SlackTextObject {
  type: 'mrkdwn' | 'plain_text';
  text: string;
}

export type SlackBlock =
  | { type: 'section'; text: SlackTextObject; accessory?: { type: 'image'; image_url: string; alt_text: string } }
  | { type: 'context'; elements: SlackTextObject[] }
  | { type: 'divider' }
  | { type: 'header'; text: SlackTextObject };

export interface SlackMessage {
  /** Fallback and notification text (mrkdwn). */
  text: string;
  blocks?: SlackBlock[];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

/** Slack's error codes (third-party-apis.md §3) in words, for the alert's last error. */
const SLACK_ERRORS: Record<string, string> = {
  no_service: 'the webhook was revoked',
  channel_not_found: 'the channel was deleted',
  channel_is_archived: 'the channel is archived',
  action_prohibited: 'a workspace admin restricted this webhook',
  invalid_token: 'the webhook token is no longer valid',
  user_not_found: 'the user was not found',
  invalid_payload: 'Slack refused the message',
  invalid_blocks: 'Slack refused the message layout',
  invalid_blocks_format: 'Slack refused the message layout',
  too_many_attachments: 'the message had too many attachments',
  no_text: 'the message was empty',
  missing_text_or_fallback_or_attachments: 'the message was empty',
  rollup_error: 'a temporary error at Slack',
};

/**
 * Slack answers errors with a bare code as plain text ("404 no_service"). Anything else (a
 * proxy's HTML page) is not a code and is left out.
 */
export function describeSlackError(err: FetchError): string | null {
  const code = err.bodySnippet?.trim();
  if (!code || !/^[a-z][a-z0-9_]{1,63}$/.test(code)) return null;
  const words = SLACK_ERRORS[code];
  return `${err.status} ${code}${words ? ` (${words})` : ''}`;
}

const SLACK: WebhookService = { name: 'Slack', accept: 'text/plain, application/json', maxBytes: 64 * 1024, describeError: describeSlackError };

/** Posts one message to a Slack incoming webhook. Never throws. */
export function postSlackMessage(webhookUrl: string, message: SlackMessage, opts: WebhookClientOptions): Promise<WebhookOutcome> {
  return postWebhookJson(webhookUrl, message, SLACK, opts);
}
