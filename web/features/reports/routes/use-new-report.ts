import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useActiveTags } from '../../../components/tag-picker';
import { useDecision } from '../../../lib/can';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { titleError } from '../components/wizard/step-preview';
import { useHighlights } from '../components/wizard/use-highlights';
import { useReportWizard } from '../components/wizard/use-report-wizard';
import { formatPeriod } from '../lib/format';
import { isLoaded } from '../lib/wizard-machine';

/**
 * The state of the "Create a new report" wizard page: the route's project and its tags, the
 * wizard, the highlights, and what the page derives from them (the period, the publish hint).
 */
export function useNewReport() {
  const { projectId = NO_PROJECT } = useParams();
  const { project } = useProject(projectId);
  const tags = useActiveTags(projectId);
  const projectName = project?.name;
  const defaultName = useCallback(
    (start: string, end: string) => `${projectName ? `${projectName} coverage` : 'Coverage report'}, ${formatPeriod(start, end)}`,
    [projectName],
  );
  const wizardOpts = useMemo(() => ({ tagsLoaded: !tags.isPending || tags.isError, defaultName }), [tags.isPending, tags.isError, defaultName]);
  const w = useReportWizard(projectId, wizardOpts);
  // Highlights on the plan, up to its number per report.
  const highlight = useDecision('reports.highlight');
  const highlights = useHighlights({ allowed: highlight?.allowed === true, planLimit: highlight?.limit });

  const loading = !isLoaded(w.status);
  // Only articles of this report can be its highlights (the filters may have changed after a Back).
  const publish = () => {
    const inReport = new Set((w.preview?.articles ?? []).map((a) => a.id));
    void w.publish(highlights.items.filter((h) => inReport.has(h.article.id)).map((h) => ({ article_id: h.article.id, article_url: h.article.url })));
  };
  const period = w.saved ? formatPeriod(w.saved.date_start, w.saved.date_end) : null;
  const publishHint = w.step === 2 && !w.canPublish ? (titleError(w.content.name) ?? (w.content.name.trim() ? null : 'Give the report a title')) : null;

  return { projectId, project, tags, w, highlights, loading, publish, period, publishHint };
}
