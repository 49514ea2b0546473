import { IconZoomScan } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /supersearch/{projectId}: search across every article Coverwatch holds (needs the data feature). */
export function SupersearchPage() {
  return (
    <PlannedScreen
      title="Super Search"
      description="Search every article Coverwatch has collected, beyond your own alerts."
      icon={<IconZoomScan size={26} />}
      holds={[
        'A query with dates, languages and media score, run by button or Enter',
        'A volume chart over time and a results table',
        'A comparison with competitors (Pro and Agency plans)',
        'Export of the results by e-mail and saving results to a project',
      ]}
    />
  );
}
