import { IconReportAnalytics } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /reports/{projectId}/{reportId}: one report as its members see it. */
export function ReportDetailPage() {
  return (
    <PlannedScreen
      title="Report"
      description="A published report of this project."
      icon={<IconReportAnalytics size={26} />}
      holds={[
        'The report name, end date and project',
        'Highlighted articles sorted by reach, up to five per row',
        'The description, totals, trend chart and language and tag charts',
        'Articles, videos and streams sections',
      ]}
    />
  );
}
