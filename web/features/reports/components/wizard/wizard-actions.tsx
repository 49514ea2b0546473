import { Button, Group, Paper, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconEye, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReportWizard } from './use-report-wizard';

interface Props {
  w: ReportWizard;
  projectId: string;
  /** Why Publish is disabled, or null. */
  publishHint: string | null;
  onPublish: () => void;
}

/**
 * The actions that close a step: Back (or Cancel on the first step) and the next step's button.
 * They stay in the page's flow: a bar stuck to the window's bottom covered the preview's totals
 * cards (and any content under it) while the user read them.
 */
export function WizardActions({ w, projectId, publishHint, onPublish }: Props) {
  return (
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
              <Button rightSection={<IconSend size={16} />} onClick={onPublish} disabled={!w.canPublish}>
                Publish
              </Button>
            </span>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
