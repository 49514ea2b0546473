import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { TwitchFeedFormModal } from '../components/twitch-feed-form-modal';
import { TwitchFeedSetup } from '../components/twitch-feed-setup';
import { TwitchFeedView } from '../components/twitch-feed-view';

/** /twitch-feed/{projectId}: the project's Twitch feed, or its creation prompt. */
export function TwitchFeedPage() {
  const { projectId = NO_PROJECT } = useParams();
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
        <PageHeader title="Streams" description="Twitch streams matching the project's keyword and game." />
        <NoProjectState />
      </>
    );
  const feedId = project['twitch-search-id'];
  if (feedId == null)
    return (
      <>
        <PageHeader title={`${project.name} Streams`} description="Twitch streams matching the project's keyword and game." />
        <TwitchFeedSetup projectName={project.name} onCreate={() => setCreating(true)} />
        <TwitchFeedFormModal key={project.id} opened={creating} onClose={() => setCreating(false)} projectId={project.id} />
      </>
    );
  // Keyed by project: another project starts on page 1 with nothing checked and no filters (000 §2).
  return <TwitchFeedView key={project.id} project={project} feedId={String(feedId)} />;
}
