import { IconWorldWww } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen';

/** /websites/{websiteUrl}: one media site, by domain. */
export function WebsiteDetailPage() {
  const { websiteUrl = '' } = useParams();
  return (
    <PlannedScreen
      title={websiteUrl}
      description="A monitored website."
      icon={<IconWorldWww size={26} />}
      holds={[
        'Language, monthly unique visitors, media type, media score and Metacritic badge',
        'Social accounts, feeds and authors',
        'A map of monthly desktop visits by country',
        'The site\'s articles and categories',
      ]}
    />
  );
}
