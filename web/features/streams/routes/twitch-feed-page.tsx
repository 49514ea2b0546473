import { IconBrandTwitch } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /twitch-feed/{projectId}: the project's Twitch keyword and game feed. */
export function TwitchFeedPage() {
  return (
    <PlannedScreen
      title="Streams"
      description="Twitch streams matching the project's keyword and game."
      icon={<IconBrandTwitch size={26} />}
      holds={[
        'Create a feed from a keyword and a game, with notifications',
        'Streams with thumbnails, channel, followers, views, language and date, 10 per page',
        'Filters by dates, followers or views, languages and tags',
        'Move streams to Saved Coverage or delete them',
      ]}
    />
  );
}
