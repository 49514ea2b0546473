import { IconMovie } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /videos/{projectId}: saved videos. */
export function SavedVideosPage() {
  return (
    <PlannedScreen
      title="Saved Videos"
      description="YouTube videos you kept for this project."
      icon={<IconMovie size={26} />}
      holds={[
        'Thumbnail, channel, title, views, tag, language, country and publication date',
        'Add a missing video by its YouTube link',
        'Edit, delete and filter by tag, language and dates',
      ]}
    />
  );
}
