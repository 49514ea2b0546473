import type { ArticleAttributes } from '../../../../common/schemas/articles';
import type { ReportAttributes, ReportDetailAttributes, ReportHighlight, ReportPreview } from '../../../../common/schemas/reports';
import type { ScreenshotAttributes } from '../../../../common/schemas/screenshots';
import type { SavedStreamAttributes } from '../../../../common/schemas/streams';
import type { SavedVideoAttributes } from '../../../../common/schemas/videos';

/** Response types are the server's (common/schemas); the web adds the resource id. */
export type { ReportAttributes, ReportDetailAttributes, ScreenshotAttributes };
/** A highlighted article's card: its picture is a screenshot, the page's preview image or a placeholder. */
export type ReportScreenshot = ReportHighlight;

/** A report as `GET reports` lists it (docs/api.md "Reports"). */
export type Report = ReportAttributes & { id: string };

/** Totals cards and charts: the server's shapes (common/schemas/reports.ts). */
export type { ReportStats, ReportTotals } from '../../../../common/schemas/reports';

/** One report as `GET reports/{id}` and `GET p/reports/{id}` describe it. */
export type ReportDetail = ReportDetailAttributes & { id: string };

/** A saved article of a report (`GET articles?filter[report_id]`, `GET p/articles`), the fields the report shows. */
export type ReportArticle = Pick<
  ArticleAttributes,
  'title' | 'url' | 'fullUrl' | 'language' | 'reach' | 'date' | 'tag_name' | 'media' | 'website-visits' | 'muv'
> &
  Partial<Pick<ArticleAttributes, 'image' | 'tag_id'>> & { id: string };

/** A saved video of a report (`GET reports/{id}/videos`, `GET saved_videos`): the server's attributes. */
export type ReportVideo = SavedVideoAttributes & { id: string };
/** A saved stream of a report (`GET reports/{id}/streams`, `GET saved_streams`). */
export type ReportStream = SavedStreamAttributes & { id: string };
export type ReportMediaItem = ReportVideo | ReportStream;

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

/** What the wizard's criteria select (POST reports/preview). */
export type { ReportPreview };
