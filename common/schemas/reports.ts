import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { languageCodeSchema } from './articles.js';
import { creatorResourceSchema, creatorTotalsSchema } from './creators.js';
import { idSchema, resourceDocument } from './jsonapi.js';
import { reportStatsSchema, reportTotalsSchema, type ReportStats, type ReportTotals } from './report-totals.js';

/**
 * Reports: the criteria (project, inclusive date range, tags and languages in / out) over the
 * project's saved coverage, the wizard's preview, and the report's presentation (title,
 * description, sections, articles table or row template, highlights). The server validates
 * with these schemas and the wizard's forms use the same ones.
 */

/** A report's totals, their basis in words and its charts live in report-totals.ts; imported from here as before. */
export * from './report-totals.js';

/** Placeholders of the custom articles list (table-type 1), in the spec's order (000 §5). */
export const REPORT_TEMPLATE_PLACEHOLDERS = ['date', 'domain', 'full_url', 'score', 'tag_name', 'title', 'url', 'website_visits'] as const;
export type ReportTemplatePlaceholder = (typeof REPORT_TEMPLATE_PLACEHOLDERS)[number];
export const REPORT_DEFAULT_TEMPLATE = '{{title}} | {{score}}';
export const REPORT_TEMPLATE_MAX = 1000;
/** 0: the standard table; 1: a custom list, one line per article from the row template. */
export const REPORT_TABLE_TYPES = [0, 1] as const;

const PLACEHOLDER_RE = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/** The placeholders of a row template that are not in REPORT_TEMPLATE_PLACEHOLDERS. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(REPORT_TEMPLATE_PLACEHOLDERS);
  return [...template.matchAll(PLACEHOLDER_RE)].map((m) => m[1]).filter((name) => !known.has(name));
}

export const reportNameSchema = z
  .string({ error: MSG.reports.nameLength })
  .refine((v) => !/[\r\n]/.test(v), MSG.reports.nameSingleLine)
  .transform((v) => v.trim())
  .pipe(z.string().min(LIMITS.reportName.min, MSG.reports.nameLength).max(LIMITS.reportName.max, MSG.reports.nameLength));

/** A real calendar day as YYYY-MM-DD; a full ISO timestamp counts as its UTC day. */
export const reportDaySchema = z
  .string({ error: MSG.reports.dateInvalid })
  .trim()
  .transform((v, ctx) => {
    const day = /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '';
    const t = Date.parse(`${day}T00:00:00Z`);
    if (!day || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day || Number.isNaN(Date.parse(v))) {
      ctx.addIssue({ code: 'custom', message: MSG.reports.dateInvalid });
      return z.NEVER;
    }
    return day;
  });

// The wizard sends empty lists as [] or leaves them out; null means the same.
const idList = z
  .array(idSchema)
  .max(1000)
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);
const languageList = z
  .array(languageCodeSchema)
  .max(500)
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

/** Which saved articles a report holds (besides its project). */
export const reportCriteriaShape = {
  tags_id: idList,
  tags_not: idList,
  languages: languageList,
  languages_not: languageList,
};

const sectionText = z.string().max(LIMITS.titleMax, `Must be at most ${LIMITS.titleMax} characters`);
const descriptionHtml = z.string().max(200_000, 'The description is too long');
const tableTemplate = z
  .string()
  .max(REPORT_TEMPLATE_MAX, `The row template must be at most ${REPORT_TEMPLATE_MAX} characters`)
  .superRefine((v, ctx) => {
    for (const name of unknownPlaceholders(v)) ctx.addIssue({ code: 'custom', message: MSG.reports.unknownPlaceholder(name) });
  });
const tableType = z.union([z.literal(0), z.literal(1)], { error: 'table_type must be 0 (standard table) or 1 (custom list)' });
/** POST and PATCH reports: a `show_creators` that is not a boolean. */
export const SHOW_CREATORS_MESSAGE = 'show_creators must be true or false';
/** POST and PATCH reports: a `show_steam` that is not a boolean. */
export const SHOW_STEAM_MESSAGE = 'show_steam must be true or false';

/** A highlighted article: a saved article of the report's project (at most 20 per report). */
export const highlightSchema = z.object({
  article_id: idSchema,
  article_url: z.string().max(2048).optional(),
});

const presentation = {
  descriptionHTML: descriptionHtml.optional(),
  section1_title: sectionText.optional(),
  section1_subtitle: sectionText.optional(),
  section2_title: sectionText.optional(),
  section2_subtitle: sectionText.optional(),
  table_type: tableType.optional(),
  table_template: tableTemplate.optional(),
  /** Whether the page shows its "Top creators" (GET reports/{id}/creators); true when left out. */
  show_creators: z.boolean({ error: SHOW_CREATORS_MESSAGE }).optional(),
  /** Whether the page shows the project's Steam news and reviews over its period (GET reports/{id}/steam); true when left out. */
  show_steam: z.boolean({ error: SHOW_STEAM_MESSAGE }).optional(),
};

export const reportCreateAttributes = z
  .object({
    name: reportNameSchema,
    ...presentation,
    status: z.number().int().min(0).max(32767).optional(),
    date_start: reportDaySchema,
    date_end: reportDaySchema,
    screenshots: z.array(highlightSchema).max(LIMITS.reportMaxHighlights, MSG.reports.tooManyHighlights).nullish(),
    /** Saved videos and saved streams of the report's project (ids of others are refused, 422). */
    videos: idList,
    saved_streams: idList,
    ...reportCriteriaShape,
    /** The project may be named here instead of in `relationships`. */
    project_id: idSchema.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.date_start > a.date_end) ctx.addIssue({ code: 'custom', path: ['date_end'], message: MSG.reports.datesOrder });
  });

const projectRef = z.object({ data: z.object({ type: z.literal('project'), id: idSchema }) }, { error: 'Please choose a project' });

export const reportCreateBody = resourceDocument('report', reportCreateAttributes, z.object({ project: projectRef.optional() }).optional());

/** A report's id is its public link's secret (22 base64url characters), not a number. */
export const reportIdSchema = z.string().trim().min(1).max(64);

export const reportUpdateBody = z.object({
  data: z.object({
    type: z.literal('report'),
    id: reportIdSchema.optional(),
    attributes: z.object({ name: reportNameSchema.optional(), ...presentation }),
  }),
});

/** Steps 1–2 of the wizard: what a report with these criteria would hold. Plain JSON (or wrapped in data.attributes). */
export const reportPreviewBody = z.preprocess(
  (v) => {
    const attrs = (v as { data?: { attributes?: unknown } } | null)?.data?.attributes;
    return attrs && typeof attrs === 'object' ? attrs : v;
  },
  z
    .object({
      project_id: idSchema,
      date_range: z.tuple([reportDaySchema, reportDaySchema], { error: 'date_range must be [from, to]' }),
      ...reportCriteriaShape,
    })
    .superRefine((a, ctx) => {
      if (a.date_range[0] > a.date_range[1]) ctx.addIssue({ code: 'custom', path: ['date_range', 1], message: MSG.reports.datesOrder });
    }),
);

export type ReportCreateAttributes = z.infer<typeof reportCreateAttributes>;
export type ReportPreviewInput = z.infer<typeof reportPreviewBody>;

/** POST reports: a video or stream id that is not a saved one of the report's project. */
export const REPORT_MEDIA_MESSAGES = {
  videoNotInProject: "This video is not among the project's saved videos",
  streamNotInProject: "This stream is not among the project's saved streams",
} as const;

/** One highlight card (sorted by reach, highest first). */
export interface ReportHighlight {
  article_id: string;
  article_url: string;
  title: string;
  media: string;
  reach: number;
  date: string;
  /** null while pending and for placeholders: the UI draws one. */
  image_url: string | null;
  source: 'screenshot' | 'preview' | 'placeholder' | null;
  status: 'pending' | 'ready' | 'failed';
}

/** A report as the server lists it (`type: 'report'`, GET reports; docs/api.md "Reports"). */
export interface ReportAttributes {
  name: string;
  project_id: string;
  status: number;
  /** YYYY-MM-DD, both ends included. */
  date_start: string;
  date_end: string;
  tags_id: number[];
  tags_not: number[];
  languages: string[];
  languages_not: string[];
  table_type: number;
  table_template: string;
  /** Whether the page shows the "Top creators" section (the leaderboard of its saved streams and videos). */
  show_creators: boolean;
  /** Whether the page shows the project's Steam news and reviews (when the project follows a Steam app). */
  show_steam: boolean;
  'total-articles': number;
  'total-reach': number;
  'reports-images': number;
  'reports-videos': number;
  'reports-streams': number;
  'inserted-at': string;
  'updated-at': string;
}

/** One report as `GET reports/{id}` and `GET p/reports/{id}` describe it: the list's attributes (live totals) and what the page draws. */
export interface ReportDetailAttributes extends ReportAttributes {
  /** The articles' estimated views added up, live (`totals.estimated_views`; 0 without the `similarweb` flag). */
  'total-estimated-views': number;
  descriptionHTML: string | null;
  section1_title: string | null;
  section1_subtitle: string | null;
  section2_title: string | null;
  section2_subtitle: string | null;
  videos: number[];
  saved_streams: number[];
  project: { id: string; name: string; avatar: string | null } | null;
  image: string | null;
  screenshots: ReportHighlight[];
  totals: ReportTotals;
  stats: ReportStats;
  /** Who the report is from: on `GET p/reports/{id}` only (the public page and its PDF). */
  branding?: ReportBranding;
}

/**
 * The head and foot of a public report: the organization's display name and logo (nothing else
 * of the organization is public), and whether the small "Made with Coverwatch" line shows at the
 * foot (every plan but those with `custom_branding`).
 */
export interface ReportBranding {
  name: string;
  /** The organization's uploaded logo (`/api/f/…`, readable without a token), or null. */
  logo_url: string | null;
  made_with: boolean;
}

/** The answer (`data`) of POST reports/preview: what the wizard's criteria select. */
export interface ReportPreview {
  count: number;
  totals: ReportTotals;
  stats: ReportStats;
  languages_available: { language: string; articles: number }[];
  tags_available: { tag_id: string; tag_name: string; articles: number }[];
}

// The answers above as schemas, for the API document (each mirrors its interface).

const countSchema = z.number();

const reportAttributesShape = {
  name: z.string(),
  project_id: z.string(),
  status: z.number().int(),
  date_start: z.string(),
  date_end: z.string(),
  tags_id: z.array(z.number().int()),
  tags_not: z.array(z.number().int()),
  languages: z.array(z.string()),
  languages_not: z.array(z.string()),
  table_type: z.number().int(),
  table_template: z.string(),
  show_creators: z.boolean(),
  show_steam: z.boolean(),
  'total-articles': countSchema,
  'total-reach': z.number(),
  'reports-images': countSchema,
  'reports-videos': countSchema,
  'reports-streams': countSchema,
  'inserted-at': z.string(),
  'updated-at': z.string(),
};
const projectRelationship = z.object({ project: z.object({ data: z.object({ type: z.literal('project'), id: z.string() }).nullable() }) });

/** A report as GET reports lists it. */
export const reportResourceSchema = z.object({
  type: z.literal('report'),
  id: z.string(),
  attributes: z.object(reportAttributesShape),
  relationships: projectRelationship,
});

/** A report as GET reports/{id} (and the public GET p/reports/{id}, with `branding`) describes it. */
export const reportDetailResourceSchema = reportResourceSchema.extend({
  attributes: z.object({
    ...reportAttributesShape,
    'total-estimated-views': z.number(),
    descriptionHTML: z.string().nullable(),
    section1_title: z.string().nullable(),
    section1_subtitle: z.string().nullable(),
    section2_title: z.string().nullable(),
    section2_subtitle: z.string().nullable(),
    videos: z.array(z.number().int()),
    saved_streams: z.array(z.number().int()),
    project: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }).nullable(),
    image: z.string().nullable(),
    screenshots: z.array(
      z.object({
        article_id: z.string(),
        article_url: z.string(),
        title: z.string(),
        media: z.string(),
        reach: z.number(),
        date: z.string(),
        image_url: z.string().nullable(),
        source: z.enum(['screenshot', 'preview', 'placeholder']).nullable(),
        status: z.enum(['pending', 'ready', 'failed']),
      }),
    ),
    totals: reportTotalsSchema,
    stats: reportStatsSchema,
    branding: z.object({ name: z.string(), logo_url: z.string().nullable(), made_with: z.boolean() }).optional(),
  }),
});

/** The answer of POST reports/preview. */
export const reportPreviewDocument = z.object({
  data: z.object({
    count: countSchema,
    totals: reportTotalsSchema,
    stats: reportStatsSchema,
    languages_available: z.array(z.object({ language: z.string(), articles: countSchema })),
    tags_available: z.array(z.object({ tag_id: z.string(), tag_name: z.string(), articles: countSchema })),
  }),
});

/** How many creators of each platform a report shows (GET reports/{id}/creators). */
export const REPORT_TOP_CREATORS = 10;

/**
 * GET reports/{id}/creators (and GET p/reports/{id}/creators): the report's top creators, the
 * `creator` resources of the project leaderboard (common/schemas/creators.ts) ranked over the
 * report's own saved streams (Twitch broadcasters by hours watched) and saved videos (YouTube
 * channels by current views), at most REPORT_TOP_CREATORS of each platform, Twitch first. `meta`
 * gives each platform's whole board (how many creators, their hours watched or views added up).
 */
export const reportCreatorsMetaSchema = z.object({
  limit: z.number().int(),
  twitch: creatorTotalsSchema,
  youtube: creatorTotalsSchema,
});
export type ReportCreatorsMeta = z.infer<typeof reportCreatorsMetaSchema>;
export const reportCreatorsDocument = z.object({ data: z.array(creatorResourceSchema), meta: reportCreatorsMetaSchema });
export type ReportCreatorsDocument = z.infer<typeof reportCreatorsDocument>;
