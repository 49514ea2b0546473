import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { NoProjectState } from '../../components/no-project-state';
import { PageHeader } from '../../components/page-header';
import { useProject } from '../../lib/workspace';
import { AlertFeed } from '../../features/articles/components/alert-feed';
import { AlertFormModal } from '../../features/alerts/components/alert-form-modal';
import { AlertSetupView } from '../../features/alerts/components/alert-setup-view';

/** /articles-feed/{projectId}: the alert's articles, or the setup view when the project has no alert. */
export function ArticlesFeedPage() {
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
        <PageHeader title="Articles" description="Every article your alert finds." />
        <NoProjectState />
      </>
    );
  if (project['alert-id'] == null)
    return (
      <>
        <PageHeader title={`${project.name} Articles`} description="Every article your alert finds, newest first." />
        <AlertSetupView projectName={project.name} onCreate={() => setCreating(true)} />
        <AlertFormModal key={project.id} opened={creating} onClose={() => setCreating(false)} projectId={project.id} projectName={project.name} />
      </>
    );
  // Keyed by project: another project starts on page 1 with nothing checked and no filters (000 §2).
  return (
    <AlertFeed
      key={project.id}
      project={project}
      alertId={String(project['alert-id'])}
      editForm={({ alert, opened, onClose }) => (
        <AlertFormModal key={`${alert.id}-${alert.updated_at ?? ''}`} opened={opened} onClose={onClose} projectId={project.id} projectName={project.name} alert={alert} />
      )}
    />
  );
}
