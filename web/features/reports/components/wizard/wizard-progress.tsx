import { Badge, Group, Paper, Stepper, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import type { ReportWizard } from './use-report-wizard';

const STEPS = [
  { label: 'Date range', description: 'The period' },
  { label: 'Filters', description: 'Tags and languages' },
  { label: 'Preview', description: 'Title, text, highlights' },
  { label: 'Publish', description: 'Share the link' },
];

interface Props {
  w: ReportWizard;
  /** The current step is loading. */
  loading: boolean;
  /** The chosen period, once the dates are saved. */
  period: string | null;
}

/** The wizard's stepper, and after the first step the period the report covers. */
export function WizardProgress({ w, loading, period }: Props) {
  return (
    <>
      <Paper withBorder radius="md" p="md" mb="lg" shadow="xs">
        <Stepper
          active={w.status === 'STEP 3 LOADED' ? STEPS.length : w.step}
          size="sm"
          allowNextStepsSelect={false}
          data-status={w.status}
          data-testid="wizard-stepper"
        >
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
    </>
  );
}
