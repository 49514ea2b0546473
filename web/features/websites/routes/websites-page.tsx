import { IconWorldWww } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /websites: the media sites Coverwatch monitors (platform operator admins). */
export function WebsitesPage() {
  return (
    <PlannedScreen
      title="Websites"
      description="The media sites and feeds Coverwatch monitors."
      icon={<IconWorldWww size={26} />}
      holds={[
        'Every website with its reach, language, media type and article count',
        'Add a website with its feed, reach and language',
        'Search and CSV export',
      ]}
    />
  );
}
