import { useCallback, useMemo } from 'react';
import { Anchor, Badge, Box, Breadcrumbs, Button, Center, Group, Loader, Paper, Stack, Stepper, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCalendar, IconEye, IconSend } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { useActiveTags } from '../../../components/tag-picker';
import { hasPermission, useCurrentUser } from '../../../lib/session';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { formatPeriod } from '../lib/format';
import { datesEditable, isLoaded } from '../lib/wizard-machine';
import { StepDates } from '../components/wizard/step-dates';
import { StepFilters } from '../components/wizard/step-filters';
import { StepPreview, titleError } from '../components/wizard/step-preview';
import { StepPublish } from '../components/wizard/step-publish';
import { useHighlights } from '../components/wizard/use-highlights';
import { useReportWizard } from '../components/wizard/use-report-wizard';

const STEPS = [
  { label: 'Date range', description: 'The period' },
  { label: 'Filters', description: 'Tags and languages' },
  { label: 'Preview', description: 'Title, text, highlights' },
  { label: 'Publish', description: 'Share the link' },
];

/** /new-report/{projectId}: the "Create a new report" wizard (spec 000 §2, §4). */
export function NewReportPage() {
  const { projectId = NO_PROJECT } = useParams();
  const { project } = useProject(projectId);
  const user = useCurrentUser().data;
  const tags = useActiveTags(projectId);
  const projectName = project?.name;
  const defaultName = useCallback(
    (start: string, end: string) => `${projectName ? `${projectName} coverage` : 'Coverage report'}, ${formatPeriod(start, end)}`,
    [projectName],
  );
  const wizardOpts = useMemo(() => ({ tagsLoaded: !tags.isPending || tags.isError, defaultName }), [tags.isPending, tags.isError, defaultName]);
  const w = useReportWizard(projectId, wizardOpts);
  const highlights = useHighlights({
    allowed: hasPermission(user, 'screenshot'),
    planLimit: user?.organization?.permissions?.max_screenshots,
  });

  const header = <PageHeader title="Create a new report" description={project ? `A shareable summary of ${project.name}'s coverage.` : undefined} />;
  if (projectId === NO_PROJECT)
    return (
      <>
        {header}
        <NoProjectState />
      </>
    );

  const loading = !isLoaded(w.status);
  // Only articles of this report can be its highlights (the filters may have changed after a Back).
  const publish = () => {
    const inReport = new Set((w.preview?.articles ?? []).map((a) => a.id));
    void w.publish(highlights.items.filter((h) => inReport.has(h.article.id)).map((h) => ({ article_id: h.article.id, article_url: h.article.url })));
  };
  const period = w.saved ? formatPeriod(w.saved.date_start, w.saved.date_end) : null;
  const publishHint = w.step === 2 && !w.canPublish ? (titleError(w.content.name) ?? (w.content.name.trim() ? null : 'Give the report a title')) : null;

  return (
    <Box maw={1320}>
      <Breadcrumbs mb="md">
        <Anchor component={Link} to={`/reports/${projectId}`} size="sm">
          Reports
        </Anchor>
        <Text size="sm">New report</Text>
      </Breadcrumbs>
      {header}
      <Paper withBorder radius="md" p="md" mb="lg" shadow="xs">
        <Stepper active={w.status === 'STEP 3 LOADED' ? STEPS.length : w.step} size="sm" allowNextStepsSelect={false} data-status={w.status} data-testid="wizard-stepper">
          {STEPS.map((s, i) => (
            <Stepper.Step key={s.label} label={s.label} description={s.description} loading={i === w.step && loading} allowStepSelect={false} />
          ))}
        </Stepper>
      </Paper>

      {w.step > 0 && period && (
        <Group gap="xs" mb="md">
          <Badge variant="light" size="lg" radius="sm" tt="none" leftSection={<IconCalendar size={14} />} data-testid="wizard-period">
            {period}
          </Badge>
          {w.step < 3 && (
            <Text size="xs" c="dimmed">
              Dates are chosen in the first step; go back to change them.
            </Text>
          )}
        </Group>
      )}

      <Stack gap="lg">
        {w.step === 0 && <StepDates range={w.range} onChange={w.setRange} editable={datesEditable(w.status)} />}
        {w.step === 1 && (
          <StepFilters
            tags={tags.data ?? []}
            filters={w.filters}
            onChange={w.setFilters}
            preview={w.count}
            counting={w.counting}
            message={w.message}
            countError={w.countError}
            disabled={!isLoaded(w.status)}
            videos={w.videos.length}
            streams={w.streams.length}
            loaded={isLoaded(w.status)}
          />
        )}
        {w.step === 2 &&
          (w.preview && isLoaded(w.status) ? (
            <StepPreview
              preview={w.preview}
              content={w.content}
              onContent={(patch) => w.setContent((c) => ({ ...c, ...patch }))}
              range={w.saved!}
              highlights={highlights}
              videos={w.videos}
              streams={w.streams}
            />
          ) : (
            <Paper withBorder radius="md" p={48}>
              <Center>
                <Stack align="center" gap="sm">
                  <Loader />
                  <Text c="dimmed">Building the preview…</Text>
                </Stack>
              </Center>
            </Paper>
          ))}
        {w.step === 3 && <StepPublish report={w.status === 'STEP 3 LOADED' ? w.created : null} projectId={projectId} />}

        {/*
          The actions close the step in the page's flow: a bar stuck to the window's bottom covered
          the preview's totals cards (and any content under it) while the user read them.
        */}
        {w.step < 3 && (
          <Paper withBorder radius="md" p="md" shadow="xs" data-testid="wizard-actions">
            <Group justify="space-between">
              {w.step > 0 ? (
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={w.back}>
                  Back
                </Button>
              ) : (
                <Button component={Link} to={`/reports/${projectId}`} variant="subtle" color="gray">
                  Cancel
                </Button>
              )}
              {w.step === 0 && (
                <Button rightSection={<IconArrowRight size={16} />} onClick={w.goFilters} disabled={!w.canFilters} loading={w.status === 'STEP 0'}>
                  Filters
                </Button>
              )}
              {w.step === 1 && (
                <Button rightSection={<IconEye size={16} />} onClick={w.goPreview} disabled={!w.canPreview}>
                  Preview
                </Button>
              )}
              {w.step === 2 && (
                <Tooltip label={publishHint} disabled={!publishHint}>
                  <span>
                    <Button
                      rightSection={<IconSend size={16} />}
                      onClick={publish}
                      disabled={!w.canPublish}
                    >
                      Publish
                    </Button>
                  </span>
                </Tooltip>
              )}
            </Group>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
