import { Button } from '@mantine/core';
import { IconPlus, IconReportAnalytics } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen';

/** /reports/{projectId}: the project's reports; New report goes to /new-report/{projectId}. */
export function ReportsPage() {
  const { projectId } = useParams();
  return (
    <PlannedScreen
      title="Reports"
      description="Shareable summaries of a project's coverage over a period."
      icon={<IconReportAnalytics size={26} />}
      actions={
        <Button component={Link} to={`/new-report/${projectId}`} leftSection={<IconPlus size={16} />}>
          New report
        </Button>
      }
      holds={[
        'Every report of the project with its period, article count and reach',
        'Open the public report in a new tab, rename or delete a report',
        'Report titles linking to the report itself',
      ]}
    />
  );
}
