import { Center, Loader } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { PlannedScreen } from '../../../components/planned-screen';
import { useProject } from '../../../lib/workspace';
import { AlertSetupView } from '../components/alert-setup-view';

/** /articles-feed/{projectId}: the alert's articles, or the setup view when the project has no alert. */
export function ArticlesFeedPage() {
  const { projectId } = useParams();
  const { project, isPending } = useProject(projectId);
  if (isPending)
    return (
      <Center mih={300}>
        <Loader type="dots" />
      </Center>
    );
  if (!project)
    return (
      <>
        <PageHeader title="Articles" description="Every article your alert finds." />
        <NoProjectState />
      </>
    );
  if (project['alert-id'] == null)
    return (
      <>
        <PageHeader title={`${project.name} Articles`} description="Every article your alert finds, newest first." />
        <AlertSetupView projectName={project.name} />
      </>
    );
  return (
    <PlannedScreen
      title={`${project.name} Articles`}
      description="Every article your alert finds, newest first."
      icon={<IconNews size={26} />}
      holds={[
        'The alert\'s keywords and when it last ran',
        'Media, title, media score, Metacritic flag, language and publication date of each article',
        'Filters by date, language and score; search; CSV export',
        'Bulk save to Saved Coverage under a tag, or delete',
      ]}
    />
  );
}
