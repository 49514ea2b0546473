import { IconDeviceTv } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /streams/{projectId}: saved streams. */
export function SavedStreamsPage() {
  return (
    <PlannedScreen
      title="Saved Streams"
      description="Twitch streams you kept for this project."
      icon={<IconDeviceTv size={26} />}
      holds={[
        'Thumbnail, channel, title, followers, language, tag and publication date',
        'Add a missing stream by its Twitch link',
        'Edit, delete and filter by tag, language and followers',
      ]}
    />
  );
}
