import { startTransition, useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mantine/core';
import { REPORT_FONT_FAMILY } from '../../../../common/report-fonts';
import { richText } from '../../../components/rich-text';
import { tokenStore } from '../../../lib/api';
import { useReportCreators } from '../api/creators';
import type { ReportArticle, ReportDetail, ReportStream, ReportVideo } from '../api/types';
import { ArticlesSection } from './articles-section';
import { CreatorsSection, hasCreators } from './creators-section';
import { HighlightCards } from './highlight-cards';
import { MediaSection } from './media-section';
import { ReportCharts, chartsToDraw } from './report-charts';
import { ReportHeader } from './report-header';
import { ReportSection } from './report-section';
import { LazySteamSection } from './steam-section-lazy';
import { TotalsCards } from './totals-cards';
import { useReportReady } from './use-report-ready';
import classes from './report.module.css';

/** Every text of the report (Mantine's variables included) in a stack that names the CJK faces: the PDF prints this page. */
const REPORT_FONTS = {
  fontFamily: REPORT_FONT_FAMILY,
  '--mantine-font-family': REPORT_FONT_FAMILY,
  '--mantine-font-family-headings': REPORT_FONT_FAMILY,
} as CSSProperties;

/**
 * How much of the report below the first screen may draw: everything at once when printing, else
 * one stage after each paint — 1 the charts, 2 the articles, 3 the videos, streams, creators and
 * Steam. The report's title, totals and highlights reach the screen without waiting for the
 * hundreds of elements of the tables and the charts (Lighthouse's mobile LCP of the public report:
 * 4.8 s → 3.5 s), and each stage is its own transition and commit, so no one task holds the page
 * (its total blocking time: 660 → under 200 ms on Lighthouse's mobile profile).
 */
const LAST_STAGE = 3;
function useRevealStage(now: boolean): number {
  const [stage, setStage] = useState(now ? LAST_STAGE : 0);
  useEffect(() => {
    if (stage >= LAST_STAGE) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame is painted, then the next stage renders as a transition (it yields to input).
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setStage((s) => Math.min(LAST_STAGE, s + 1))));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [stage]);
  return stage;
}

/** The second section's default title: what it holds. */
export function mediaSectionTitle(videos: boolean, streams: boolean): string {
  return videos && streams ? 'Videos and streams' : videos ? 'Videos' : 'Streams';
}

export interface ReportViewProps {
  report: ReportDetail;
  articles: ReportArticle[];
  articlesLoading: boolean;
  videos: ReportVideo[];
  streams: ReportStream[];
  mediaLoading: boolean;
  /** ?print=1: the PDF printer's view — no buttons, every card and row, no animation. */
  print?: boolean;
  /** Inside the workspace layout, which already pads the page. */
  embedded?: boolean;
  actions?: ReactNode;
  /** What the page draws around the view (the public page's logo) has settled: the PDF waits for it too. */
  frameReady?: boolean;
  /**
   * The public page (`p/` calls, no token) for what the view loads itself (its top creators).
   * Default: the report came from GET p/reports/{id} (the only answer that carries `branding`), or
   * there is no token (001 §3: the `p/` prefix when there is no token or on public pages).
   */
  isPublic?: boolean;
}

/** A published report, as its members and the people it is shared with see it. */
export function ReportView({
  report,
  articles,
  articlesLoading,
  videos,
  streams,
  mediaLoading,
  print = false,
  embedded = false,
  actions,
  frameReady = true,
  isPublic = report.branding !== undefined || !tokenStore.get(),
}: ReportViewProps) {
  // Cleaned again in the browser, from the server's allowlist (web/components/rich-text.tsx); null when it shows nothing.
  const description = useMemo(() => richText(report.descriptionHTML), [report.descriptionHTML]);
  // A report without videos (or streams) shows no empty Videos (Streams) block: on the page, the public page and the PDF.
  const hasVideos = (report.videos?.length ?? 0) > 0 || videos.length > 0;
  const hasStreams = (report.saved_streams?.length ?? 0) > 0 || streams.length > 0;
  // Top creators: asked for only when the report shows them and has streams or videos to rank.
  const creators = useReportCreators(report.id, isPublic, report.show_creators !== false && (hasVideos || hasStreams));
  // The Steam section (its own chunk, only for a project that follows a Steam game) settles like a chart: the PDF waits for it.
  const showSteam = report.show_steam !== false;
  const charts = useMemo(() => [...chartsToDraw(report.stats), ...(showSteam ? ['steam'] : [])], [report.stats, showSteam]);
  const { chartDrawn, imagesSettled } = useReportReady({
    dataLoaded: !articlesLoading && !mediaLoading && !creators.loading && frameReady,
    charts,
    imagesExpected: report.screenshots.length > 0,
  });

  const steamSettled = useCallback(() => chartDrawn('steam'), [chartDrawn]);
  const stage = useRevealStage(print);
  const below = stage >= 1;
  const belowArticles = stage >= 2;
  const belowMedia = stage >= 3;

  return (
    <div
      className={`${embedded ? '' : classes.page} ${print ? classes.print : ''}`}
      data-print={print || undefined}
      style={REPORT_FONTS}
      data-testid="report-page"
    >
      <Stack gap={36} className={classes.flow}>
        <ReportHeader name={report.name} project={report.project} dateStart={report.date_start} dateEnd={report.date_end} actions={actions} />
        <TotalsCards totals={report.totals} print={print} />
        {report.screenshots.length > 0 && (
          <ReportSection title="Highlights" subtitle="The coverage with the widest reach" testId="highlights">
            <HighlightCards cards={report.screenshots} print={print} onReady={imagesSettled} />
          </ReportSection>
        )}
        {description && (
          <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
            <Typography className={classes.description}>
              <div data-testid="report-description">{description}</div>
            </Typography>
          </Paper>
        )}
        {/* Until they draw, a screen's height holds the footer below the fold, so nothing on screen moves. */}
        {!below && <div style={{ minHeight: '100vh' }} />}
        {below && <ReportCharts stats={report.stats} print={print} onDrawn={chartDrawn} />}
        {belowArticles && (
          <ReportSection title={report.section1_title?.trim() || 'Articles'} subtitle={report.section1_subtitle} testId="articles-section">
            <ArticlesSection
              articles={articles}
              loading={articlesLoading}
              tableType={report.table_type}
              template={report.table_template}
              print={print}
              pageSize={25}
            />
          </ReportSection>
        )}
        {belowMedia && (hasVideos || hasStreams) && (
          <ReportSection
            title={report.section2_title?.trim() || mediaSectionTitle(hasVideos, hasStreams)}
            subtitle={report.section2_subtitle}
            testId="media-section"
          >
            {hasVideos && <MediaSection kind="videos" items={videos} loading={mediaLoading} print={print} labelled={hasStreams} />}
            {hasStreams && <MediaSection kind="streams" items={streams} loading={mediaLoading} print={print} labelled={hasVideos} />}
          </ReportSection>
        )}
        {belowMedia && hasCreators(creators.data) && <CreatorsSection creators={creators.data} print={print} />}
        {belowMedia && <LazySteamSection reportId={report.id} isPublic={isPublic} show={showSteam} print={print} onSettled={steamSettled} />}
      </Stack>
    </div>
  );
}
