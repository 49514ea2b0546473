import { startTransition, useEffect, useState } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { PublicFrame, PublicNotFound, PublicServerError, type PublicBrand } from '../../../components/public-frame';
import { downloadReportPdf, fetchReportArticles, fetchReportMedia } from '../api/report-fetch';
import { reportQuery } from '../api/report-query';
import type { ReportArticle, ReportDetail, ReportStream, ReportVideo } from '../api/types';
import { ReportView } from '../components/report-view';

/** /p/r/{reportId} inside a router (the page's tests); the page itself is its own entry (web/public-report.tsx). */
export function PublicReportPage() {
  const { reportId = '' } = useParams();
  const [params] = useSearchParams();
  return <PublicReport reportId={reportId} print={params.get('print') === '1'} />;
}

/**
 * /p/r/{reportId}: a shared report, read without credentials (the `p/` calls), headed by its
 * organization's logo and name. A report that does not exist (or was deleted) shows the /p/404
 * content. `print` (`?print=1`) is the view the server prints to PDF. It is an entry of its own
 * (web/public-report.tsx), without the router or TanStack Query: it asks for the report, then its
 * articles, videos and streams side by side, and keeps them for the page's life.
 */
export function PublicReport({ reportId, print }: { reportId: string; print: boolean }) {
  const data = usePublicReport(reportId);
  const { brand, logoSettled } = useReportBrand(data.report === undefined, data.report ?? undefined);

  let body;
  if (data.report === undefined)
    body = (
      <Center mih="60vh">
        <Loader type="dots" />
      </Center>
    );
  else if (data.report === null) body = data.error instanceof ApiError && data.error.status === 404 ? <PublicNotFound /> : <PublicServerError />;
  else
    body = (
      <ReportView
        report={data.report}
        articles={data.articles ?? []}
        articlesLoading={data.articles === undefined}
        videos={data.videos ?? []}
        streams={data.streams ?? []}
        mediaLoading={data.videos === undefined || data.streams === undefined}
        print={print}
        actions={<DownloadPdfButton id={reportId} name={data.report.name} />}
        frameReady={logoSettled}
      />
    );
  return <PublicFrame brand={brand}>{body}</PublicFrame>;
}

interface PublicReportData {
  /** undefined while loading, null when it failed (`error` says why). */
  report: ReportDetail | null | undefined;
  error: unknown;
  /** undefined until loaded; a list that fails shows empty, as the workspace's report does. */
  articles: ReportArticle[] | undefined;
  videos: ReportVideo[] | undefined;
  streams: ReportStream[] | undefined;
}

/** A report's highlights whose screenshot is still being taken fill in by themselves: asked again every 4 s, 60 times at most. */
const REFRESH_MS = 4000;
const MAX_REFRESHES = 60;
/** A failure of the server or the network is tried twice more (1 s, then 2 s later); a 4xx is an answer. */
const RETRIES = 2;

async function withRetries<T>(load: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (signal.aborted || attempt >= RETRIES || (err instanceof ApiError && err.status >= 400 && err.status < 500)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
}

function usePublicReport(reportId: string): PublicReportData {
  const [data, setData] = useState<PublicReportData>({ report: undefined, error: null, articles: undefined, videos: undefined, streams: undefined });
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    const set = (patch: Partial<PublicReportData>) => {
      if (!signal.aborted) setData((d) => ({ ...d, ...patch }));
    };
    // The lists and later refreshes arrive below the first screen: rendered as transitions, React
    // draws them in slices between which the page stays responsive (no long task on a phone).
    const setLater = (patch: Partial<PublicReportData>) => startTransition(() => set(patch));
    const loadReport = () => withRetries(() => reportQuery(reportId, true).queryFn({ signal }), signal);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshWhilePending = (report: ReportDetail, refreshes: number) => {
      if (refreshes >= MAX_REFRESHES || !report.screenshots?.some((s) => s.status === 'pending' && !s.image_url)) return;
      timer = setTimeout(() => {
        loadReport().then(
          (next) => {
            setLater({ report: next });
            refreshWhilePending(next, refreshes + 1);
          },
          () => {},
        );
      }, REFRESH_MS);
    };
    loadReport().then(
      (report) => {
        set({ report });
        refreshWhilePending(report, 0);
        const list = <T,>(load: () => Promise<T[]>, key: 'articles' | 'videos' | 'streams') =>
          withRetries(load, signal).then(
            (items) => setLater({ [key]: items }),
            () => setLater({ [key]: [] }),
          );
        void list(() => fetchReportArticles(reportId, true, signal), 'articles');
        void list(() => fetchReportMedia(reportId, 'videos', true, signal), 'videos');
        void list(() => fetchReportMedia(reportId, 'streams', true, signal), 'streams');
      },
      (error: unknown) => set({ report: null, error }),
    );
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [reportId]);
  return data;
}

/** "Download PDF": the server prints this page with headless Chromium (a few seconds). */
function DownloadPdfButton({ id, name }: { id: string; name: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadReportPdf(id, name, true);
    } catch (err) {
      // The toasts (and the message catalogue) load with the first failure only.
      void import('../../../components/toasts').then((t) => t.toastError(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button leftSection={<IconFileTypePdf size={18} />} onClick={download} loading={busy} variant="filled">
      Download PDF
    </Button>
  );
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
