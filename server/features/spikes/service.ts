import type { Logger } from 'pino';
import { SPIKE_LIMITS, type SpikeSettingsInput } from '../../../common/schemas/spikes.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { publicBase, unsubscribeHeaders } from '../digests/service.js';
import { queueMail } from '../mail/service.js';
import { enqueueSpikeNotifications, kickNotifier, type SlackBotPoster, type SpikeOutboxMessage } from '../notifications/service.js';
import { buildSpikeDiscordMessage, buildSpikeSlackMessage, renderSpikeMail, type SpikeFacts } from './format.js';
import {
  findSpikeCandidates,
  findSpikeDestinations,
  findSpikeSettings,
  insertSpike,
  listProjectSpikes,
  listSpikeRecipients,
  markSpikeEmailed,
  windowStories,
  writeSpikeSettings,
  type SpikeCandidate,
  type SpikeRow,
  type SpikeSettings,
} from './repo.js';

export type { SpikeRow, SpikeSettings };

/** A project's spike settings (404 for a project of another organization). */
export async function getSpikeSettings(db: Db, orgId: number, projectId: number): Promise<SpikeSettings> {
  const found = await findSpikeSettings(db, orgId, projectId);
  if (!found) throw notFound('project');
  return found;
}

/** Saves the settings given (validated by common/schemas/spikes.ts); the others are kept. */
export async function updateSpikeSettings(db: Db, orgId: number, projectId: number, input: SpikeSettingsInput): Promise<SpikeSettings> {
  const saved = await writeSpikeSettings(db, orgId, projectId, {
    enabled: input.enabled,
    window: input.window,
    factor: input.factor,
    minMatches: input.min_matches,
  });
  if (!saved) throw notFound('project');
  return saved;
}

/** The project's last spikes, newest first (404 for a project of another organization). */
export async function listSpikes(db: Db, orgId: number, projectId: number): Promise<SpikeRow[]> {
  if (!(await findSpikeSettings(db, orgId, projectId))) throw notFound('project');
  return listProjectSpikes(db, orgId, projectId, SPIKE_LIMITS.listed);
}

export interface SpikeDeps {
  db: Db;
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler' | 'publicUrl' | 'host' | 'port'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The Slack app's poster (a project's alert may post to a channel of the installed app). */
  slackBot?: SlackBotPoster | null;
}

export interface SpikeRunResult {
  /** Windows over their threshold without an alert yet. */
  found: number;
  /** Spikes this run recorded and told (the others were told by a concurrent run). */
  announced: number;
  /** Slack and Discord messages queued. */
  messages: number;
  /** E-mails queued. */
  emails: number;
}

/**
 * One detection run at `now`: finds every enabled project's spiking windows (one query), and
 * tells each once: in one transaction the spike is recorded (its unique index is the "once"), its
 * Slack and Discord messages go into the notification outbox (delivered, retried and shown like
 * every notification) and its e-mail into the mail outbox for each of the digest's subscribers.
 * The notifier is kicked afterwards so the messages leave within seconds.
 */
export async function runSpikeCheck(deps: SpikeDeps, now = new Date()): Promise<SpikeRunResult> {
  const candidates = await findSpikeCandidates(deps.db, now);
  const result: SpikeRunResult = { found: candidates.length, announced: 0, messages: 0, emails: 0 };
  for (const c of candidates) {
    try {
      const told = await announceSpike(deps, c, now);
      if (!told) continue;
      result.announced++;
      result.messages += told.messages;
      result.emails += told.emails;
    } catch (err) {
      // One project's failure must not hold up the others; its window is tried again next run.
      deps.log.error({ err, projectId: c.projectId }, 'spike alert failed');
    }
  }
  if (result.messages > 0)
    await kickNotifier({ db: deps.db, config: deps.config, slackBot: deps.slackBot ?? null }, (err) => deps.log.warn({ err }, 'notifier'));
  return result;
}

async function announceSpike(deps: SpikeDeps, c: SpikeCandidate, now: Date): Promise<{ messages: number; emails: number } | null> {
  return deps.db.transaction(async (tx) => {
    const { stories, storyCount } = await windowStories(tx, c, SPIKE_LIMITS.stories);
    const id = await insertSpike(tx, c, stories);
    if (id === null) return null;
    const facts: SpikeFacts = { ...c, stories, storyCount };
    const itemKey = `${c.window}:${c.windowStart.toISOString()}`;
    const where = await findSpikeDestinations(tx, c.organizationId, c.projectId);
    const outbox: SpikeOutboxMessage[] = [];
    const about = { project_name: c.projectName, window: c.window, window_start: c.windowStart.toISOString(), matches: c.matches };
    if (where.slack) {
      const message = buildSpikeSlackMessage(facts);
      if ('channelId' in where.slack)
        outbox.push({ channel: 'slack', webhookUrl: null, payload: { ...about, message, slack_channel_id: where.slack.channelId } });
      else outbox.push({ channel: 'slack', webhookUrl: where.slack.webhookUrl, payload: { ...about, message } });
    }
    if (where.discord)
      outbox.push({ channel: 'discord', webhookUrl: where.discord.webhookUrl, payload: { ...about, message: buildSpikeDiscordMessage(facts) } });
    const messages = await enqueueSpikeNotifications(tx, c.organizationId, c.projectId, itemKey, outbox);

    const base = publicBase(deps.config);
    const recipients = await listSpikeRecipients(tx, c.organizationId, c.projectId);
    for (const r of recipients) {
      const unsubscribePageUrl = `${base}/unsubscribe/${encodeURIComponent(r.unsubscribeToken)}`;
      const mail = renderSpikeMail(facts, { recipientName: r.name, unsubscribePageUrl, settingsUrl: `${base}/settings` });
      await queueMail(tx, {
        organizationId: c.organizationId,
        userId: r.userId,
        to: r.email,
        ...mail,
        headers: unsubscribeHeaders(base, r.unsubscribeToken),
      });
    }
    if (recipients.length > 0) await markSpikeEmailed(tx, id, now);
    deps.log.info(
      { projectId: c.projectId, window: c.window, windowStart: c.windowStart, matches: c.matches, messages, emails: recipients.length },
      'spike alert',
    );
    return { messages, emails: recipients.length };
  });
}
