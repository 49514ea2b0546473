import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { parseQuery } from '../query/parse.js';
import { idSchema, resourceDocument } from './jsonapi.js';

export const ALERT_KEYWORDS_MAX = 2000;
export const ALERT_NAME_MAX = 100;
export const ALERT_MIN_REACH_DEFAULT = 0.1;

/**
 * Why the keywords of an alert are refused, or null when they are usable: at least
 * LIMITS.alertKeywords.min characters (000 §5), then the query language's own parse errors.
 * The server and the alert form call this one function.
 */
export function alertKeywordsProblem(keywords: string): string | null {
  const v = keywords.trim();
  if (v.length < LIMITS.alertKeywords.min) return MSG.validation.alertKeywords;
  if (v.length > ALERT_KEYWORDS_MAX) return `Keywords must be at most ${ALERT_KEYWORDS_MAX} characters`;
  const parsed = parseQuery(v);
  return parsed.ok ? null : parsed.error.message;
}

export const alertKeywordsSchema = z
  .string({ error: MSG.validation.alertKeywords })
  .trim()
  .superRefine((v, ctx) => {
    const problem = alertKeywordsProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const alertNameSchema = z.string({ error: MSG.alertsApi.nameLength }).trim().max(ALERT_NAME_MAX, MSG.alertsApi.nameLength);

/** True for an absolute http(s) URL. Where it may point is checked when it is called (SSRF guard). */
export function isWebhookUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

// An empty input in the form means "no webhook".
export const webhookUrlSchema = z
  .string({ error: MSG.alertsApi.webhookUrl })
  .trim()
  .max(2000, MSG.alertsApi.webhookUrl)
  .refine((v) => v === '' || isWebhookUrl(v), MSG.alertsApi.webhookUrl)
  .nullable()
  .transform((v) => (v ? v : null));

const channelSchema = z
  .string({ error: MSG.alertsApi.channelLength })
  .trim()
  .max(200, MSG.alertsApi.channelLength)
  .nullable()
  .transform((v) => (v ? v : null));

export const alertMinReachSchema = z
  .number({ error: MSG.alertsApi.minReachRange })
  .min(0, MSG.alertsApi.minReachRange)
  .max(LIMITS.mediaScore.max, MSG.alertsApi.minReachRange);

/** Every attribute of an alert as the form and the API take them. */
export const alertAttributesSchema = z.object({
  project_id: idSchema,
  /** Empty: the alert is named after its project. */
  name: alertNameSchema.nullable(),
  keywords: alertKeywordsSchema,
  min_reach: alertMinReachSchema,
  slack_tracking: z.boolean({ error: 'slack_tracking must be true or false' }),
  slack_channel_id: channelSchema,
  slack_channel_name: channelSchema,
  slack_webhook_url: webhookUrlSchema,
  discord_webhook_url: webhookUrlSchema,
});

export const alertCreateBody = resourceDocument('alert', alertAttributesSchema.partial().required({ project_id: true, keywords: true }));

export const alertUpdateBody = resourceDocument('alert', alertAttributesSchema.partial());

export type AlertAttributesInput = z.input<typeof alertAttributesSchema>;

/** The body of POST analytics/articles/count. */
export const articlesCountBody = z.object({
  // An empty query is the parser's error (400 at /query), like any other unusable query.
  query: z.string({ error: MSG.alertsApi.queryRequired }).max(ALERT_KEYWORDS_MAX),
});

/** How many sample headlines the alert preview shows. */
export const ALERT_PREVIEW_SAMPLES = 5;

/**
 * The body of POST alerts/preview: the alert's keywords (the final query, as POST alerts takes
 * them) and optionally its minimum media score. Unusable keywords are a 400 at /keywords with
 * the same message alertKeywordsProblem gives the form.
 */
export const alertPreviewBody = z.object({
  keywords: z
    .string({ error: MSG.validation.alertKeywords })
    .max(ALERT_KEYWORDS_MAX)
    .superRefine((v, ctx) => {
      const problem = alertKeywordsProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  min_reach: alertMinReachSchema.optional(),
});

/** One sample of the preview: an archive article (shared data, never a tenant's saved coverage). */
export const alertPreviewSample = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  /** The outlet: its website's domain, else the host of the URL. */
  media: z.string(),
  published_at: z.string(),
});
export type AlertPreviewSample = z.infer<typeof alertPreviewSample>;

/**
 * The answer of the alert preview: matching archive articles of the last two months (`count`,
 * `capped` when counting stopped at the cap) and the newest ALERT_PREVIEW_SAMPLES of them.
 */
export const alertPreviewDocument = z.object({
  data: z.object({
    count: z.number().int(),
    capped: z.boolean(),
    samples: z.array(alertPreviewSample),
  }),
});
export type AlertPreview = z.infer<typeof alertPreviewDocument>['data'];

/** What a service answered to the test message a save posted to a webhook or Slack channel. */
export interface NotificationTestResult {
  ok: boolean;
  /** The service's HTTP status, when it answered. */
  status?: number;
  /** A sentence for the person who saved ("Test message sent to Slack", "Slack answered 404 no_service (…)"). */
  message: string;
}

/**
 * `meta.notification_tests` of a save of an alert, a YouTube feed or a Twitch feed: one entry per
 * service the save set a webhook (or an alert's Slack channel) for; empty when it set none.
 */
export interface NotificationTests {
  slack?: NotificationTestResult;
  discord?: NotificationTestResult;
}

/** Attributes of the `alert` resource the API sends. */
export interface AlertResourceAttributes {
  project_id: string;
  name: string;
  keywords: string;
  min_reach: number;
  slack_tracking: boolean;
  slack_channel_id: string | null;
  slack_channel_name: string | null;
  slack_webhook_url: string | null;
  discord_webhook_url: string | null;
  last_run_at: string | null;
  total_articles: number;
  inserted_at: string;
  updated_at: string;
}

/** NotificationTests as a schema, for the API document. */
const notificationTestResultSchema = z.object({ ok: z.boolean(), status: z.number().int().optional(), message: z.string() });
export const notificationTestsSchema = z.object({ slack: notificationTestResultSchema.optional(), discord: notificationTestResultSchema.optional() });

/** AlertResourceAttributes as a schema, for the API document. */
export const alertResourceSchema = z.object({
  type: z.literal('alert'),
  id: z.string(),
  attributes: z.object({
    project_id: z.string(),
    name: z.string(),
    keywords: z.string(),
    min_reach: z.number(),
    slack_tracking: z.boolean(),
    slack_channel_id: z.string().nullable(),
    slack_channel_name: z.string().nullable(),
    slack_webhook_url: z.string().nullable(),
    discord_webhook_url: z.string().nullable(),
    last_run_at: z.string().nullable(),
    total_articles: z.number().int(),
    inserted_at: z.string(),
    updated_at: z.string(),
  }),
  relationships: z.object({ project: z.object({ data: z.object({ type: z.literal('project'), id: z.string() }).nullable() }) }),
});
