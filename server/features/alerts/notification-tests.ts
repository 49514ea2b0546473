import { MSG } from '../../../common/messages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { errorObject, ValidationError } from '../../http/errors.js';
import { postDiscordMessage } from '../../integrations/discord/client.js';
import { postSlackMessage } from '../../integrations/slack/client.js';
import {
  describeWebhookTest,
  WEBHOOK_TEST_TIMEOUT_MS,
  webhookUrlProblem,
  type NotificationTests,
  type WebhookClientOptions,
  type WebhookTestResult,
} from '../../integrations/webhook.js';
import { sendSlackChannelTest } from '../slack/service.js';

/**
 * Slack and Discord targets are checked when they are saved (issue 15): a webhook URL must be its
 * service's documented one, and a webhook or channel that a save sets gets a short test message
 * whose answer the save reports in `meta.notification_tests`. Alerts, video feeds and stream
 * feeds all save webhooks; the two feeds reach this through the alerts service.
 */

export type { NotificationTests, WebhookTestResult };

export type WebhookField = 'slack_webhook_url' | 'discord_webhook_url';

export interface WebhookFields {
  slackWebhookUrl?: string | null;
  discordWebhookUrl?: string | null;
}

/**
 * 422 `validation_failed` at each field whose URL is not its service's documented webhook (see
 * webhookUrlProblem; `allowPrivateNetwork` also lets loopback and private-network URLs through).
 * Fields left out or emptied are not checked.
 */
export function assertWebhookHosts(fields: WebhookFields, allowPrivateNetwork: boolean, pointer: (field: WebhookField) => string): void {
  const problems = [
    ['slack_webhook_url', fields.slackWebhookUrl && webhookUrlProblem('slack', fields.slackWebhookUrl, allowPrivateNetwork)],
    ['discord_webhook_url', fields.discordWebhookUrl && webhookUrlProblem('discord', fields.discordWebhookUrl, allowPrivateNetwork)],
  ] as const;
  const errors = problems.flatMap(([field, problem]) => (problem ? [errorObject('validation_failed', problem, { pointer: pointer(field) })] : []));
  if (errors.length) throw new ValidationError(errors);
}

/** The webhook URLs this save sets: every one on create (`before` null), new or changed ones on update. */
export function webhooksSet(before: Required<WebhookFields> | null, after: Required<WebhookFields>): { slack?: string; discord?: string } {
  const set = (now: string | null, was: string | null | undefined) => (now && now !== was ? now : undefined);
  return { slack: set(after.slackWebhookUrl, before?.slackWebhookUrl), discord: set(after.discordWebhookUrl, before?.discordWebhookUrl) };
}

/** Slack reads `&`, `<` and `>` as markup; a project name is plain text. */
const slackText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Posts the test message to each given webhook, side by side, and says what each service
 * answered. Never throws: a failed test is reported, the save it follows stands. Same client
 * options as the notifier (its SSRF guard, no redirects), with a short timeout.
 */
export async function sendWebhookTests(
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler'>,
  urls: { slack?: string; discord?: string },
  subject: string,
): Promise<NotificationTests> {
  const client: WebhookClientOptions = { allowPrivate: config.allowPrivateNetwork, userAgent: config.crawler.userAgent, timeoutMs: WEBHOOK_TEST_TIMEOUT_MS };
  const [slack, discord] = await Promise.all([
    urls.slack
      ? postSlackMessage(urls.slack, { text: MSG.webhooks.testText(slackText(subject)) }, client).then((o) => describeWebhookTest('Slack', o))
      : undefined,
    urls.discord
      ? postDiscordMessage(urls.discord, { content: MSG.webhooks.testText(subject), allowed_mentions: { parse: [] } }, client).then((o) =>
          describeWebhookTest('Discord', o),
        )
      : undefined,
  ]);
  return { ...(slack && { slack }), ...(discord && { discord }) };
}

/** The test message to a channel of the organization's Slack app, in the shape of a webhook's. */
export async function sendSlackChannelTestResult(
  deps: { db: Db; config: Config },
  orgId: number,
  channelId: string,
  subject: string,
): Promise<WebhookTestResult> {
  const outcome = await sendSlackChannelTest(deps, orgId, channelId, { projectName: subject });
  return { ok: outcome.ok, message: outcome.ok ? MSG.webhooks.testSent('Slack') : outcome.message };
}
