import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { PublicFrame, PublicNotFound, PublicServerError, type PublicBrand } from '../../../components/public-frame';
import { useReport, useReportArticles, useReportMedia } from '../api/reports';
import type { ReportDetail } from '../api/types';
import { DownloadPdfButton } from '../components/report-actions';
import { ReportView } from '../components/report-view';

/**
 * /p/r/{reportId}: a shared report, read without credentials (the `p/` calls), headed by its
 * organization's logo and name. A report that does not exist (or was deleted) shows the /p/404
 * content. `?print=1` is the view the server prints to PDF.
 */
export function PublicReportPage() {
  const { reportId = '' } = useParams();
  const [params] = useSearchParams();
  const print = params.get('print') === '1';
  const report = useReport(reportId, true);
  const found = report.isSuccess;
  const articles = useReportArticles(reportId, true, found);
  const videos = useReportMedia(reportId, 'videos', true, found);
  const streams = useReportMedia(reportId, 'streams', true, found);
  const { brand, logoSettled } = useReportBrand(report.isPending, report.data);

  let body;
  if (report.isPending)
    body = (
      <Center mih="60vh">
        <Loader type="dots" />
      </Center>
    );
  else if (report.isError) body = report.error instanceof ApiError && report.error.status === 404 ? <PublicNotFound /> : <PublicServerError />;
  else
    body = (
      <ReportView
        report={report.data}
        articles={articles.data ?? []}
        articlesLoading={articles.isPending && !articles.isError}
        videos={videos.data ?? []}
        streams={streams.data ?? []}
        mediaLoading={(videos.isPending && !videos.isError) || (streams.isPending && !streams.isError)}
        print={print}
        actions={<DownloadPdfButton id={reportId} name={report.data.name} isPublic />}
        frameReady={logoSettled}
      />
    );
  return <PublicFrame brand={brand}>{body}</PublicFrame>;
}

/**
 * The frame's brand: null while the report loads (no brand shown yet), the organization's once it
 * is there, none (Coverwatch's frame) for a missing report. `logoSettled` once its logo has loaded
 * or failed, so the PDF is not printed with a blank where the logo goes.
 */
function useReportBrand(pending: boolean, report: ReportDetail | undefined): { brand: PublicBrand | null | undefined; logoSettled: boolean } {
  const [settledLogo, setSettledLogo] = useState<string | null>(null);
  const branding = report?.branding;
  const logoUrl = branding?.logo_url ?? null;
  const brand = pending ? null : branding && { name: branding.name, logoUrl, madeWith: branding.made_with, onLogoSettled: () => setSettledLogo(logoUrl) };
  return { brand, logoSettled: !logoUrl || settledLogo === logoUrl };
}
