import { IconBrandYoutube } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /youtube-feed/{projectId}: the project's YouTube keyword feed. */
export function YoutubeFeedPage() {
  return (
    <PlannedScreen
      title="Videos"
      description="YouTube videos matching the project's keyword, checked every 30 minutes."
      icon={<IconBrandYoutube size={26} />}
      holds={[
        'Create a feed from a keyword, with a live preview and Slack or Discord notifications',
        'Thumbnail, channel, title, views, language, country and publication date of each video',
        'Filters by views and dates; move videos to Saved Coverage or delete them',
        'A video player with the channel and its subscribers',
      ]}
    />
  );
}
