import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { useProject } from '../../../lib/workspace';
import { FeedFormModal } from '../components/feed-form-modal';
import { FeedSetupView } from '../components/feed-setup-view';
import { YoutubeFeedView } from '../components/youtube-feed-view';

/** /youtube-feed/{projectId}: the project's YouTube feed, or how to create one. */
export function YoutubeFeedPage() {
  const { projectId } = useParams();
  const { project, isPending } = useProject(projectId);
  const [creating, setCreating] = useState(false);

  if (isPending)
    return (
      <Center mih={300}>
        <Loader type="dots" />
      </Center>
    );
  if (!project)
    return (
      <>
        <PageHeader title="Videos" description="YouTube videos matching the project's keyword." />
        <NoProjectState />
      </>
    );
  const feedId = project['youtube-search-id'];
  if (feedId == null)
    return (
      <>
        <PageHeader title={`${project.name} Videos`} description="YouTube videos matching a keyword, checked every 30 minutes." />
        <FeedSetupView projectName={project.name} onCreate={() => setCreating(true)} />
        <FeedFormModal key={project.id} opened={creating} onClose={() => setCreating(false)} projectId={project.id} />
      </>
    );
  // Keyed by project and feed: another project starts on page 1 with nothing checked and no filters.
  return <YoutubeFeedView key={`${project.id}-${feedId}`} project={project} feedId={String(feedId)} />;
}
