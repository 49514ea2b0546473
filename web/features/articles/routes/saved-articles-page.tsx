import { IconBookmark } from '@tabler/icons-react';
import { PlannedScreen } from '../../../components/planned-screen';

/** /articles/{projectId}: saved articles. */
export function SavedArticlesPage() {
  return (
    <PlannedScreen
      title="Saved Articles"
      description="Coverage you kept for this project, filed under tags."
      icon={<IconBookmark size={26} />}
      holds={[
        'Saved articles with media, media score, tag, language and date',
        'Add one article by its link, or import up to 1,000 links at once',
        'Edit title, tag, media score, date and language',
        'Search, filters and CSV export',
      ]}
    />
  );
}
