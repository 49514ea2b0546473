import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';

interface StepActionsProps {
  onBack?: () => void;
  nextLabel?: string;
  /** Without `onNext` the Next button submits the step's form. */
  onNext?: () => void;
  nextDisabled?: boolean;
  loading?: boolean;
  extra?: React.ReactNode;
}

/** Back on the left, the primary action on the right, as on every step of both wizards. */
export function StepActions({ onBack, nextLabel = 'Next', onNext, nextDisabled, loading, extra }: StepActionsProps) {
  return (
    <Group justify="space-between" mt="xl">
      {onBack ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} disabled={loading}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        {extra}
        <Button type={onNext ? 'button' : 'submit'} onClick={onNext} disabled={nextDisabled} loading={loading} rightSection={<IconArrowRight size={16} />}>
          {nextLabel}
        </Button>
      </Group>
    </Group>
  );
}
