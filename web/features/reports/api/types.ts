import type { ReportStats, ReportTotals } from '../../../../common/schemas/reports';

/** A report as `GET reports` lists it (docs/api.md "Reports"). */
export interface ReportAttributes {
  name: string;
  project_id: string | number;
  status: number;
  date_start: string;
  date_end: string;
  tags_id: (string | number)[];
  tags_not: (string | number)[];
  languages: string[];
  languages_not: string[];
  table_type: number;
  table_template: string;
  'total-articles': number;
  'total-reach': number;
  'reports-images': number;
  'reports-videos': number;
  'reports-streams': number;
  'inserted-at': string;
  'updated-at': string;
}
export type Report = ReportAttributes & { id: string };

/** A highlighted article's card: its picture is a screenshot, the page's preview image or a placeholder. */
export interface ReportScreenshot {
  article_id: string | number;
  article_url: string;
  title: string | null;
  media: string | null;
  reach: number | null;
  date: string | null;
  image_url: string | null;
  source: 'screenshot' | 'preview' | 'placeholder' | null;
  status: string | null;
}

/** Totals cards and charts: the server's shapes (common/schemas/reports.ts). */
export type { ReportStats, ReportTotals } from '../../../../common/schemas/reports';

/** One report as `GET reports/{id}` and `GET p/reports/{id}` describe it. */
export interface ReportDetailAttributes extends ReportAttributes {
  descriptionHTML: string | null;
  section1_title: string | null;
  section1_subtitle: string | null;
  section2_title: string | null;
  section2_subtitle: string | null;
  videos: (string | number)[];
  saved_streams: (string | number)[];
  project: { id: string | number; name: string; avatar: string | null } | null;
  image: string | null;
  screenshots: ReportScreenshot[];
  totals: ReportTotals;
  stats: ReportStats;
}
export type ReportDetail = ReportDetailAttributes & { id: string };

/** A saved article of a report (`GET articles?filter[report_id]`), the fields the report shows. */
export interface ReportArticle {
  id: string;
  title: string | null;
  url: string;
  fullUrl: string | null;
  image?: string | null;
  language: string | null;
  reach: number | null;
  date: string | null;
  tag_id?: string | number | null;
  tag_name: string | null;
  media: string | null;
  'website-visits': number | null;
  muv: number | null;
}

/** A saved video or stream as the report lists it; the feeds that fill these arrive later. */
export interface ReportMediaItem {
  id: string;
  title?: string | null;
  url?: string | null;
  channel?: string | null;
  channel_name?: string | null;
  user_name?: string | null;
  views?: number | null;
  view_count?: number | null;
  viewers?: number | null;
  published_at?: string | null;
  started_at?: string | null;
  date?: string | null;
  thumbnail?: string | null;
}

/** The wizard's filters (step 0 dates and step 1 selections), as the preview and create calls take them. */
export interface ReportFilters {
  project_id: string;
  /** YYYY-MM-DD, both ends included. */
  date_start: string;
  date_end: string;
  tags_id: string[];
  tags_not: string[];
  languages: string[];
  languages_not: string[];
}

export interface ReportPreview {
  count: number;
  totals: ReportTotals;
  stats: ReportStats;
  languages_available: { language: string; articles: number }[];
  tags_available: { tag_id: string | number; tag_name: string; articles: number }[];
}

export interface ScreenshotAttributes {
  article_id: string | number;
  status: 'pending' | 'ready' | 'failed';
  source: 'screenshot' | 'preview' | 'placeholder' | null;
  image_url: string | null;
}
