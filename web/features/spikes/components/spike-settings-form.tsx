import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SPIKE_LIMITS, SPIKE_WINDOWS, type SpikeWindow } from '../../../../common/schemas/spikes';
import { toastError, toastSuccess } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { useSaveSpikeSettings, useSpikeSettings, type SpikeSettingsAttributes } from '../api/spikes';

const WINDOW_OPTIONS: { value: SpikeWindow; label: string }[] = [
  { value: 'hour', label: 'An hour' },
  { value: 'day', label: 'A day (UTC)' },
];

/** The settings as typed: a number field being edited may be empty (''). */
type Draft = Omit<SpikeSettingsAttributes, 'factor' | 'min_matches'> & { factor: number | string; min_matches: number | string };

const asNumber = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/**
 * A project's spike alert settings: on or off, the window, the factor and the minimum. The server
 * checks the ranges; its message shows under the field it names (422), anything else as a toast.
 */
export function SpikeSettingsForm({ projectId, projectName }: { projectId: string; projectName: string }) {
  const settings = useSpikeSettings(projectId);
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        Could not load the spike alert settings of {projectName}.
      </Alert>
    );
  }
  if (!settings.data) return <Skeleton height={120} radius="md" />;
  // Keyed by the saved values: saving elsewhere (another tab) starts the form again from them.
  return <SettingsFields key={JSON.stringify(settings.data)} projectId={projectId} projectName={projectName} saved={settings.data} />;
}

function SettingsFields({ projectId, projectName, saved }: { projectId: string; projectName: string; saved: SpikeSettingsAttributes }) {
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSpikeSettings(projectId);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { ...draft, factor: asNumber(draft.factor), min_matches: asNumber(draft.min_matches) };
    save.mutate(values as SpikeSettingsAttributes, {
      onSuccess: () => toastSuccess(`Spike alerts saved for ${projectName}`),
      onError: (err) => {
        const fields = err instanceof ApiError && err.status === 422 ? err.fieldErrors() : {};
        if (Object.keys(fields).length) setErrors(fields);
        else toastError(err, 'Could not save the spike alert settings');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Spike alerts of ${projectName}`}>
      <Stack gap="md">
        <Switch
          checked={draft.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          label="Tell us when coverage spikes"
          description="Posted once per spike to the project's Slack and Discord, and e-mailed to its digest subscribers."
          error={errors.enabled}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label="Window"
            description="Matches counted per"
            data={WINDOW_OPTIONS}
            value={draft.window}
            onChange={(v) => v && SPIKE_WINDOWS.includes(v as SpikeWindow) && set('window', v as SpikeWindow)}
            allowDeselect={false}
            error={errors.window}
          />
          <NumberInput
            label="Factor"
            description="Times the usual count of the 14 days before"
            value={draft.factor}
            onChange={(v) => set('factor', v)}
            min={SPIKE_LIMITS.factorMin}
            max={SPIKE_LIMITS.factorMax}
            step={0.5}
            decimalScale={2}
            suffix="×"
            clampBehavior="none"
            error={errors.factor}
          />
          <NumberInput
            label="Minimum matches"
            description="Fewer matches in the window never count as a spike"
            value={draft.min_matches}
            onChange={(v) => set('min_matches', v)}
            min={SPIKE_LIMITS.minMatchesMin}
            max={SPIKE_LIMITS.minMatchesMax}
            allowDecimal={false}
            thousandSeparator=","
            clampBehavior="none"
            error={errors.min_matches}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            A match counts when its article was published at most two days before it was found.
          </Text>
          <Button type="submit" loading={save.isPending}>
            Save spike alerts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
