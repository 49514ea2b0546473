import { Alert, Anchor, Breadcrumbs, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { useReport, useReportArticles, useReportMedia } from '../api/reports';
import { CopyLinkButton, DownloadPdfButton, OpenPublicButton } from '../components/report-actions';
import { ReportView } from '../components/report-view';

/** /reports/{projectId}/{reportId}: one report as its members see it, with its sharing actions. */
export function ReportDetailPage() {
  const { projectId = '', reportId = '' } = useParams();
  const report = useReport(reportId, false);
  const found = report.isSuccess;
  const articles = useReportArticles(reportId, false, found);
  const videos = useReportMedia(reportId, 'videos', false, found);
  const streams = useReportMedia(reportId, 'streams', false, found);

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={`/reports/${projectId}`} size="sm">
        Reports
      </Anchor>
      <Text size="sm" truncate="end" maw={420}>
        {report.data?.name ?? 'Report'}
      </Text>
    </Breadcrumbs>
  );

  if (report.isPending)
    return (
      <>
        {crumbs}
        <Stack>
          <Skeleton height={140} radius="lg" />
          <Skeleton height={110} radius="md" />
          <Skeleton height={300} radius="md" />
        </Stack>
      </>
    );

  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <>
        {crumbs}
        <Alert color={missing ? 'gray' : 'red'} title={missing ? MSG.status[404] : MSG.somethingWrong}>
          {missing ? 'This report does not exist or was deleted.' : (report.error as Error).message}
          {!missing && (
            <Button size="xs" variant="light" color="red" ml="md" onClick={() => report.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </>
    );
  }

  return (
    <>
      {crumbs}
      <ReportView
        embedded
        report={report.data}
        articles={articles.data ?? []}
        articlesLoading={articles.isPending && !articles.isError}
        videos={videos.data ?? []}
        streams={streams.data ?? []}
        mediaLoading={(videos.isPending && !videos.isError) || (streams.isPending && !streams.isError)}
        actions={
          <>
            <CopyLinkButton id={reportId} />
            <OpenPublicButton id={reportId} />
            <DownloadPdfButton id={reportId} name={report.data.name} isPublic={false} />
          </>
        }
      />
    </>
  );
}
