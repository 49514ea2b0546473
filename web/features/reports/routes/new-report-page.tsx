import { Anchor, Box, Breadcrumbs, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { NO_PROJECT } from '../../../lib/workspace';
import { datesEditable, isLoaded } from '../lib/wizard-machine';
import { StepDates } from '../components/wizard/step-dates';
import { StepFilters } from '../components/wizard/step-filters';
import { StepPreview } from '../components/wizard/step-preview';
import { StepPublish } from '../components/wizard/step-publish';
import { WizardActions } from '../components/wizard/wizard-actions';
import { WizardProgress } from '../components/wizard/wizard-progress';
import { useNewReport } from './use-new-report';
import { possessive } from '../../../lib/text';

/** /new-report/{projectId}: the "Create a new report" wizard (spec 000 §2, §4). */
export function NewReportPage() {
  const { projectId, project, tags, w, highlights, loading, publish, period, publishHint } = useNewReport();

  const header = <PageHeader title="Create a new report" description={project ? `A shareable summary of ${possessive(project.name)} coverage.` : undefined} />;
  if (projectId === NO_PROJECT)
    return (
      <>
        {header}
        <NoProjectState />
      </>
    );

  return (
    <Box maw={1320}>
      <Breadcrumbs mb="md">
        <Anchor component={Link} to={`/reports/${projectId}`} size="sm">
          Reports
        </Anchor>
        <Text size="sm">New report</Text>
      </Breadcrumbs>
      {header}
      <WizardProgress w={w} loading={loading} period={period} />

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
            videos={w.mediaCounts.videos}
            streams={w.mediaCounts.streams}
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

        {w.step < 3 && <WizardActions w={w} projectId={projectId} publishHint={publishHint} onPublish={publish} />}
      </Stack>
    </Box>
  );
}
