import { IconReportAnalytics } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /new-report/{projectId}: the "Create a new report" wizard. */
export function NewReportPage() {
  return (
    <PlannedScreen
      title="Create a new report"
      description="Four steps: date range, filters, preview and publish."
      icon={<IconReportAnalytics size={26} />}
      holds={[
        'Date range (one month back by default)',
        'Tag and language filters with a live article count (up to 10,000 articles)',
        'A preview with title, description, totals, trend and language and tag charts',
        'A published link to share, with a copy button',
      ]}
    />
  );
}
