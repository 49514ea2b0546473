import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NoProjectState } from '../../components/no-project-state';
import { PageHeader } from '../../components/page-header';
import { ALERT_FORM_PARAM, type AlertFormLinkState } from '../../lib/links';
import { useProject } from '../../lib/workspace';
import { AlertFeed } from '../../features/articles/components/alert-feed';
import { AlertFormModal } from '../../features/alerts/components/alert-form-modal';
import { AlertSetupView } from '../../features/alerts/components/alert-setup-view';
import { CoverageEmptyState } from '../../features/sources/components/coverage-empty-state';

/**
 * The `?alert=edit` link other screens use to open the project's alert form here (the projects
 * table's "Edit alert" / "Create alert"). Closing the form drops the parameter, or goes back to
 * the screen that asked when it said where it was (`state.returnTo`).
 */
function useAlertFormLink() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = params.get(ALERT_FORM_PARAM) === 'edit';
  const returnTo = (location.state as AlertFormLinkState | null)?.returnTo;
  function closed() {
    if (!requested) return;
    if (returnTo) return void navigate(returnTo);
    const rest = new URLSearchParams(params);
    rest.delete(ALERT_FORM_PARAM);
    const search = rest.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }
  return { requested, closed };
}

/** /articles-feed/{projectId}: the alert's articles, or the setup view when the project has no alert. */
export function ArticlesFeedPage() {
  const { projectId } = useParams();
  const { project, isPending } = useProject(projectId);
  const link = useAlertFormLink();
  const [creating, setCreating] = useState(link.requested);

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
        <AlertFormModal
          key={project.id}
          opened={creating}
          onClose={() => {
            setCreating(false);
            link.closed();
          }}
          projectId={project.id}
          projectName={project.name}
        />
      </>
    );
  // Keyed by project: another project starts on page 1 with nothing checked and no filters (000 §2).
  return (
    <AlertFeed
      key={project.id}
      project={project}
      alertId={String(project['alert-id'])}
      editOnOpen={link.requested}
      onEditClosed={link.closed}
      emptyState={<CoverageEmptyState />}
      editForm={({ alert, opened, onClose }) => (
        <AlertFormModal key={`${alert.id}-${alert.updated_at ?? ''}`} opened={opened} onClose={onClose} projectId={project.id} projectName={project.name} alert={alert} />
      )}
    />
  );
}
