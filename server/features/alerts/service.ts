import { sql } from 'drizzle-orm';
import { parseQuery } from '../../../common/query/parse.js';
import { toTsquery } from '../../../common/query/postgres.js';
import { alertKeywordsProblem, ALERT_MIN_REACH_DEFAULT, ALERT_PREVIEW_SAMPLES, type AlertPreview } from '../../../common/schemas/alerts.js';
import { MSG } from '../../../common/messages.js';
import type { PlanPermissions } from '../../../common/plans.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { authorize, authorizeChannels } from '../../http/authorize.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { backfillAlert } from './matcher.js';
import {
  countProjectAlerts,
  countRecentMatches,
  deleteAlertRow,
  findAlert,
  hideFeedArticles,
  insertAlert,
  lockAlert,
  oldestProjectAlertId,
  recentMatchSamples,
  updateAlertRow,
  type AlertValues,
  type AlertWithTotal,
} from './repo.js';
import { findOrganizationPermissions } from '../organizations/service.js';
import { linkProjectAlert, linkProjectAlertIfUnset, lockActiveProject, unlinkProjectAlert } from '../projects/service.js';
import { findSlackChannel } from '../slack/service.js';
import { assertWebhookHosts, sendSlackChannelTestResult, sendWebhookTests, webhooksSet, type NotificationTests } from './notification-tests.js';

/** Webhook checks and test messages: the video and stream feeds save webhooks too. */
export { assertWebhookHosts, sendWebhookTests, webhooksSet, type NotificationTests, type WebhookTestResult } from './notification-tests.js';

// What other features use of the matcher: ingest records matches in its transaction and moves
// `last_run_at` after commit; a sign-up fills its alert's feed from the archive.
export { backfillAlert, recordMatches, touchAlerts, type MatchableArticle, type RecordedMatch } from './matcher.js';
/** GDELT discovery records the alerts its searches found articles for (`matched_by: 'gdelt'`). */
export { recordAlertMatches, type MatchedBy } from './matcher.js';
/** Hides articles from the alert's feed for good (bulk delete from a feed); returns the ids that were in it. */
export { hideFeedArticles };
/** The alert whose feed is read (id, project, last run), undefined for another organization's id: the articles feed's tenant check. */
export { findFeedAlert, type FeedAlert } from './repo.js';
/** Adds ready-made rows (matched by the caller, sort columns filled) to alert feeds in one statement: the demo seed. */
export { insertFeedRows, type NewFeedRow } from './repo.js';
/** Housekeeping folds each alert's feed-count deltas. */
export { compactAlertFeedCounts } from './repo.js';
/** Feed rows follow a new score of their outlet (features/reach's rescoring). */
export { rescoreAlertArticles } from './repo.js';

/** What creating or editing an alert takes (API attribute names in camelCase; undefined = unchanged/default). */
export interface AlertInput {
  projectId: number;
  name?: string | null;
  keywords: string;
  minReach?: number;
  slackTracking?: boolean;
  slackChannelId?: string | null;
  slackChannelName?: string | null;
  slackWebhookUrl?: string | null;
  discordWebhookUrl?: string | null;
}

export interface AlertOptions {
  /** Fill the new feed from the archive after commit (default true). */
  backfill?: boolean;
  /** Called when the backfill fails; the alert is saved either way. Without it the error is thrown. */
  onBackfillError?: (err: unknown) => void;
  /**
   * Given by the routes: webhook URLs on private networks are accepted when the config allows
   * them, and the webhooks and Slack channel the save sets get a test message (the answers in
   * `notificationTests`). Without it (sign-up, seed) only documented webhook URLs pass and
   * nothing is posted.
   */
  notify?: { db: Db; config: Config };
}

/** A saved alert, with what the services answered to the test messages of this save. */
export type SavedAlert = AlertWithTotal & { notificationTests: NotificationTests };

/** The alert's notification targets as they are after a save. */
type Targets = Pick<AlertWithTotal, 'slackTracking' | 'slackChannelId' | 'slackWebhookUrl' | 'discordWebhookUrl'>;

const KEYWORDS = '/data/attributes/keywords';
const PROJECT_ID = '/data/attributes/project_id';
const attributePointer = (field: string) => `/data/attributes/${field}`;

/** A channel of the organization's Slack app, else 422 at slack_channel_id. */
async function assertSlackChannel(tx: Tx, orgId: number, channelId: string) {
  if (!(await findSlackChannel(tx, orgId, channelId))) throw fieldError(attributePointer('slack_channel_id'), MSG.webhooks.unknownSlackChannel);
}

/** The channel a save points Slack tracking at anew (set, changed, or tracking switched on), if any. */
function channelSet(
  before: Pick<Targets, 'slackTracking' | 'slackChannelId'> | null,
  after: Pick<Targets, 'slackTracking' | 'slackChannelId'>,
): string | undefined {
  if (!after.slackTracking || !after.slackChannelId) return undefined;
  return before?.slackTracking && before.slackChannelId === after.slackChannelId ? undefined : after.slackChannelId;
}

/**
 * Posts the test messages of a save (after commit): new or changed webhooks, and a channel that
 * Slack tracking now points at. `subject` is the alert's name (its project's unless renamed), the
 * title its notifications carry. A channel and a Slack webhook both set in one save: the channel's
 * answer is reported (it is what the alert's Slack tracking uses), the webhook is still tested.
 */
async function notificationTests(
  notify: AlertOptions['notify'],
  orgId: number,
  subject: string,
  before: Targets | null,
  after: Targets,
): Promise<NotificationTests> {
  if (!notify) return {};
  const channel = channelSet(before, after);
  const [tests, channelTest] = await Promise.all([
    sendWebhookTests(notify.config, webhooksSet(before, after), subject),
    channel ? sendSlackChannelTestResult(notify, orgId, channel, subject) : undefined,
  ]);
  return channelTest ? { ...tests, slack: channelTest } : tests;
}

/** The parser and the length rule, as 422 at the keywords pointer (callers other than the route skip zod). */
function assertKeywords(keywords: string) {
  const problem = alertKeywordsProblem(keywords);
  if (problem) throw fieldError(KEYWORDS, problem);
}

/**
 * The notification channels an alert's fields switch on, each at the field that answers for it
 * (authorizeChannels: Slack needs `notify.slack`, Discord `notify.discord`). Only values that
 * switch a channel on count: a form sending `slack_tracking: false` and empty fields passes.
 */
const channelsOf = (input: Partial<AlertInput>) => ({
  slack: input.slackTracking || input.slackChannelId || input.slackChannelName || input.slackWebhookUrl ? attributePointer('slack_tracking') : null,
  discord: input.discordWebhookUrl ? attributePointer('discord_webhook_url') : null,
});

/**
 * Locks the active project an alert is created for or moved to (concurrent creations queue on
 * it) and checks `alerts.create` (the plan's `max_alerts_per_project`) with `existing`, how many
 * alerts the project has besides `exceptAlertId`. 404 for a project that is not an active
 * project of the organization. At the limit: 409 `conflict` on a one-alert plan, as before plans
 * had the limit (the project already has its alert), and 403 `plan_limit` on a plan with several.
 */
async function requireRoomForAlert(tx: Tx, orgId: number, projectId: number, permissions: PlanPermissions | undefined, exceptAlertId?: number) {
  const project = await lockActiveProject(tx, orgId, projectId);
  if (!project) throw notFound('project');
  const existing = await countProjectAlerts(tx, orgId, project, exceptAlertId);
  authorize({ org: { permissions } }, 'alerts.create', { projectAlerts: existing, at: PROJECT_ID });
  return { project, existing };
}

/**
 * Links an alert that joined a project: the project's first alert becomes its `alert_id` (where
 * its feed opens); a later one takes the link only when the project has none.
 */
async function linkJoinedProject(tx: Tx, orgId: number, projectId: number, alertId: number, existing: number) {
  if (existing === 0) await linkProjectAlert(tx, orgId, projectId, alertId);
  else await linkProjectAlertIfUnset(tx, orgId, projectId, alertId);
}

/** After an alert left a project (deleted or moved), the project's oldest remaining alert takes the link it held. */
async function relinkLeftProject(tx: Tx, orgId: number, projectId: number) {
  const next = await oldestProjectAlertId(tx, orgId, projectId);
  if (next !== undefined) await linkProjectAlertIfUnset(tx, orgId, projectId, next);
}

async function runBackfill(db: Tx, orgId: number, alertId: number, opts: AlertOptions, prune: boolean) {
  if (opts.backfill === false) return;
  try {
    // prune: feed rows the new keywords or minimum score no longer match leave the feed.
    await backfillAlert(db, orgId, alertId, { prune });
  } catch (err) {
    if (!opts.onBackfillError) throw err;
    opts.onBackfillError(err);
  }
}

const values = (input: Partial<AlertInput>): Partial<AlertValues> => ({
  projectId: input.projectId,
  name: input.name ?? undefined,
  keywords: input.keywords?.trim(),
  minReach: input.minReach,
  slackTracking: input.slackTracking,
  slackChannelId: input.slackChannelId,
  slackChannelName: input.slackChannelName,
  slackWebhookUrl: input.slackWebhookUrl,
  discordWebhookUrl: input.discordWebhookUrl,
});

/**
 * Creates an alert of a project in one transaction (the project's first one is linked as its
 * `alert_id`), then fills its feed from the last two months of the archive (after commit,
 * awaited). 404 for a project that is not an active project of the organization; at the plan's
 * alerts per project, 409 on a one-alert plan and 403 `plan_limit` on others (requireRoomForAlert);
 * 422 at /data/attributes/keywords for unusable keywords, 403 `plan_limit` for Slack or
 * Discord fields the plan lacks. The alert is named after the project when no name is given.
 * Used by POST alerts and by the free sign-up (pending article alert).
 */
export async function createAlert(db: Db | Tx, orgId: number, input: AlertInput, opts: AlertOptions = {}): Promise<SavedAlert> {
  assertKeywords(input.keywords);
  const id = await db.transaction(async (tx) => {
    // The plan first: without Slack or Discord, the answer is the upgrade, not the URL's host.
    const permissions = await findOrganizationPermissions(tx, orgId);
    authorizeChannels({ org: { permissions } }, channelsOf(input));
    assertWebhookHosts(input, opts.notify?.config.allowPrivateNetwork ?? false, attributePointer);
    const channel = channelSet(null, { slackTracking: input.slackTracking ?? false, slackChannelId: input.slackChannelId ?? null });
    if (channel) await assertSlackChannel(tx, orgId, channel);
    const { project, existing } = await requireRoomForAlert(tx, orgId, input.projectId, permissions);
    const v = values(input);
    const row = await insertAlert(tx, orgId, {
      ...v,
      projectId: project.id,
      name: input.name?.trim() || project.name,
      keywords: v.keywords!,
      minReach: input.minReach ?? ALERT_MIN_REACH_DEFAULT,
      slackTracking: input.slackTracking ?? false,
    });
    await linkJoinedProject(tx, orgId, project.id, row.id, existing);
    return row.id;
  });
  await runBackfill(db, orgId, id, opts, false);
  const alert = (await findAlert(db, orgId, id))!;
  return { ...alert, notificationTests: await notificationTests(opts.notify, orgId, alert.name, null, alert) };
}

/**
 * Edits an alert (undefined when the organization has none with this id). Moving it to another
 * project follows the create rules and moves the project links. New keywords or a new minimum
 * score re-match the feed after commit: rows that no longer match leave it (rows a user deleted
 * stay hidden) and the archive's new matches of the last two months join it.
 */
export async function updateAlert(db: Db, orgId: number, id: number, changes: Partial<AlertInput>, opts: AlertOptions = {}): Promise<SavedAlert | undefined> {
  if (changes.keywords !== undefined) assertKeywords(changes.keywords);
  const result = await db.transaction(async (tx) => {
    const current = await lockAlert(tx, orgId, id);
    if (!current) return undefined;
    const permissions = await findOrganizationPermissions(tx, orgId);
    authorizeChannels({ org: { permissions } }, channelsOf(changes));
    assertWebhookHosts(changes, opts.notify?.config.allowPrivateNetwork ?? false, attributePointer);
    const channel = channelSet(current, {
      slackTracking: changes.slackTracking ?? current.slackTracking,
      slackChannelId: changes.slackChannelId !== undefined ? changes.slackChannelId : current.slackChannelId,
    });
    if (channel) await assertSlackChannel(tx, orgId, channel);
    // A move needs room in the target project; the project links follow once the row has moved.
    const move =
      changes.projectId !== undefined && changes.projectId !== current.projectId
        ? await requireRoomForAlert(tx, orgId, changes.projectId, permissions, id)
        : undefined;
    const v = values(changes);
    // An emptied name falls back to the current one rather than leaving the alert unnamed.
    if (changes.name !== undefined && !changes.name?.trim()) delete v.name;
    if (move) await unlinkProjectAlert(tx, orgId, id);
    await updateAlertRow(tx, orgId, id, v);
    if (move) {
      await relinkLeftProject(tx, orgId, current.projectId);
      await linkJoinedProject(tx, orgId, move.project.id, id, move.existing);
    }
    const rematch = (v.keywords !== undefined && v.keywords !== current.keywords) || (v.minReach !== undefined && v.minReach !== current.minReach);
    return { rematch, before: current };
  });
  if (!result) return undefined;
  if (result.rematch) await runBackfill(db, orgId, id, opts, true);
  const alert = await findAlert(db, orgId, id);
  return alert && { ...alert, notificationTests: await notificationTests(opts.notify, orgId, alert.name, result.before, alert) };
}

/**
 * Deletes the alert, its feed and pending notifications (cascade) and clears the project's link;
 * a project with other alerts links its oldest one instead.
 */
export async function deleteAlert(db: Db, orgId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await lockAlert(tx, orgId, id);
    if (!current) return false;
    await unlinkProjectAlert(tx, orgId, id);
    const deleted = await deleteAlertRow(tx, orgId, id);
    await relinkLeftProject(tx, orgId, current.projectId);
    return deleted;
  });
}

/** Throws 404 for another organization's alert id. */
export async function getAlert(db: Tx, orgId: number, id: number): Promise<AlertWithTotal> {
  const alert = await findAlert(db, orgId, id);
  if (!alert) throw notFound('alert');
  return alert;
}

/** The preview's time budget: a preview is a hint while typing, never a long query. */
export const ALERT_PREVIEW_TIMEOUT_MS = 3000;

function isStatementTimeout(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '57014') return true;
  return false;
}

/**
 * What an alert with these keywords would find before it is saved: the count of matching
 * archive articles of the last two months (capped, see countRecentMatches) and the newest
 * ALERT_PREVIEW_SAMPLES of them with their outlet. Reads the shared archive only (never a
 * tenant's feed or saved coverage), read-only, under a statement timeout (503
 * `search_timeout` past it). Unusable keywords are a 400 at `pointer`.
 */
export async function previewAlert(
  db: Db,
  keywords: string,
  opts: { minReach?: number | null; pointer?: string; timeoutMs?: number } = {},
): Promise<AlertPreview> {
  const problem = alertKeywordsProblem(keywords);
  const parsed = problem ? null : parseQuery(keywords.trim());
  if (!parsed?.ok) throw new AppError('bad_request', problem ?? MSG.validation.alertKeywords, opts.pointer ?? '/keywords');
  const tsquery = toTsquery(parsed.query);
  const minReach = opts.minReach ?? null;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(opts.timeoutMs ?? ALERT_PREVIEW_TIMEOUT_MS)}, true),
                                  set_config('transaction_read_only', 'on', true)`);
      const { count, capped } = await countRecentMatches(tx, tsquery, minReach);
      const rows = count > 0 ? await recentMatchSamples(tx, tsquery, minReach, ALERT_PREVIEW_SAMPLES) : [];
      return {
        count,
        capped,
        samples: rows.map((r) => ({ id: String(r.id), title: r.title, url: r.url, media: r.media, published_at: r.pub_date })),
      };
    });
  } catch (err) {
    if (isStatementTimeout(err)) throw new AppError('search_timeout', MSG.alertsApi.previewTimeout);
    throw err;
  }
}
