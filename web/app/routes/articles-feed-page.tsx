import { lazy, Suspense, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NoProjectState } from '../../components/no-project-state';
import { PageHeader } from '../../components/page-header';
import { ALERT_FORM_PARAM, type AlertFormLinkState } from '../../lib/links';
import { useCurrentUser } from '../../lib/session';
import { useProject, type Project } from '../../lib/workspace';
import { AlertFeed } from '../../features/articles/components/alert-feed';
import { addAlertBlockedReason, useAlertsOfProject } from '../../features/alerts/api/alerts';
import { AlertSetupView } from '../../features/alerts/components/alert-setup-view';
import { ProjectAlertsBar } from '../../features/alerts/components/project-alerts-bar';
import { onDemand } from '../../components/on-demand';

// The alert form (its editor, preview and schemas) loads when it first opens: "Edit feed", "Add
// another alert", "Create alert" or a link that asks for it (`?alert=edit`).
const AlertFormModal = onDemand(() => import('../../features/alerts/components/alert-form-modal').then((m) => m.AlertFormModal));
// What an alert that has matched nothing says (and its outlet suggestion form): loaded when a feed is empty.
const CoverageEmptyState = lazy(() => import('../../features/sources/components/coverage-empty-state').then((m) => ({ default: m.CoverageEmptyState })));

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

/**
 * The period and grouping a link asks for (the Overview's figures: `?startDate=2026-11-01&endDate=2026-11-28&group=none`):
 * the feed starts with them; the reader changes them as usual. Dates that are not whole days are ignored.
 */
function useFeedStart() {
  const [params] = useSearchParams();
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);
  const startDate = day(params.get('startDate'));
  const endDate = day(params.get('endDate'));
  const dated = startDate !== null && endDate !== null && startDate <= endDate;
  return { startDate: dated ? startDate : null, endDate: dated ? endDate : null, grouped: params.get('group') !== 'none' };
}

/** Which of the project's alerts the feed lists (`?alert_id=12`); without it, the project's own (its first). */
const ALERT_ID_PARAM = 'alert_id';

/**
 * The project's alerts and the one the feed shows: the one `?alert_id=` names, else the
 * project's `alert-id`. A named alert is trusted while the list loads (no detour through the
 * first feed), and dropped once the list shows it is not the project's.
 */
function useFeedAlerts(project: Project | undefined) {
  const user = useCurrentUser().data;
  const list = useAlertsOfProject(project?.id);
  const [params, setParams] = useSearchParams();
  const alerts = list.data ?? [];
  const asked = params.get(ALERT_ID_PARAM);
  const own = project?.['alert-id'] != null ? String(project['alert-id']) : (alerts[0]?.id ?? null);
  const selectedId = asked && (list.isPending || alerts.some((a) => a.id === asked)) ? asked : own;
  const select = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(ALERT_ID_PARAM, id);
      return next;
    });
  return { alerts, selectedId, select, addBlockedReason: addAlertBlockedReason(user, alerts.length) };
}

/** /articles-feed/{projectId}: the articles of one of the project's alerts, or the setup view when it has none. */
export function ArticlesFeedPage() {
  const { projectId } = useParams();
  const { project, isPending } = useProject(projectId);
  const feedAlerts = useFeedAlerts(project);
  const start = useFeedStart();
  const link = useAlertFormLink();
  const [creating, setCreating] = useState(link.requested);
  // Each "Add another alert" mounts a fresh form (new key), named after the alerts there are then.
  const [adding, setAdding] = useState({ opened: false, key: 0 });

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
  const { alerts, selectedId } = feedAlerts;
  if (selectedId === null)
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
  // Keyed by project and alert: another one starts on page 1 with nothing checked and no filters (000 §2).
  return (
    <>
      <AlertFeed
        key={`${project.id}-${selectedId}`}
        project={project}
        alertId={selectedId}
        editOnOpen={link.requested}
        onEditClosed={link.closed}
        start={start}
        emptyState={
          <Suspense fallback={null}>
            <CoverageEmptyState />
          </Suspense>
        }
        headerActions={
          <ProjectAlertsBar
            alerts={alerts}
            selectedId={selectedId}
            onSelect={feedAlerts.select}
            addBlockedReason={feedAlerts.addBlockedReason}
            onAdd={() => setAdding((a) => ({ opened: true, key: a.key + 1 }))}
          />
        }
        editForm={({ alert, opened, onClose }) => (
          <AlertFormModal
            key={`${alert.id}-${alert.updated_at ?? ''}`}
            opened={opened}
            onClose={onClose}
            projectId={project.id}
            projectName={project.name}
            alert={alert}
          />
        )}
      />
      {/* "Add another alert": the form of the first one, under a name of its own; the feed then shows the new alert. */}
      <AlertFormModal
        key={`${project.id}-new-${adding.key}`}
        opened={adding.opened}
        onClose={() => setAdding((a) => ({ ...a, opened: false }))}
        projectId={project.id}
        projectName={project.name}
        defaultName={`${project.name} ${alerts.length + 1}`}
        onCreated={(alert) => feedAlerts.select(alert.id)}
      />
    </>
  );
}
