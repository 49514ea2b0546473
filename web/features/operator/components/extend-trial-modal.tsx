import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { FormModalActions } from '../../../components/form-modal-actions';
import { toastError, toastSuccess } from '../../../components/toasts';
import { formatDate } from '../../../lib/dates';
import { serverFieldErrors } from '../../../lib/form';
import { MAX_TRIAL_DAYS_AHEAD, trialDaysLeftOf, useChangeOrganization, type OperatorOrganization } from '../api/organizations';

dayjs.extend(utc);

const QUICK_DAYS = [7, 14, 30] as const;

/** A day as the date input holds it (YYYY-MM-DD). */
const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** A trial ends at the end of its last day, UTC: the date chosen is a whole day of trial. */
export const trialEndOf = (date: string) => `${date}T23:59:59.000Z`;

function currentEndText(o: OperatorOrganization): string {
  const s = o.subscription_status;
  if (!s.trial_ends_at || o.plan !== 'trial') return `No trial running (${o['plan-name']}).`;
  const days = trialDaysLeftOf(o);
  return days === null
    ? `The trial ended on ${formatDate(s.trial_ends_at)}.`
    : `The trial ends on ${formatDate(s.trial_ends_at)} (${days} ${days === 1 ? 'day' : 'days'} left).`;
}

/**
 * The operator extends (or reopens) a trial: quick choices count from the current end when it is
 * still ahead, else from today. Mounted per organization by the page.
 */
export function ExtendTrialModal({ organization: o, onClose }: { organization: OperatorOrganization; onClose: () => void }) {
  const today = dayjs.utc().startOf('day');
  const currentEnd = o.subscription_status.trial_ends_at ? dayjs.utc(o.subscription_status.trial_ends_at) : null;
  const base = o.plan === 'trial' && currentEnd && currentEnd.isAfter(today) ? currentEnd.startOf('day') : today;
  const [date, setDate] = useState<string | null>(day(base.add(14, 'day')));
  const [error, setError] = useState<string | null>(null);
  const change = useChangeOrganization();

  async function submit() {
    if (!date) return setError('Choose the last day of the trial');
    try {
      await change.mutateAsync({ id: o.id, change: { trial_ends_at: trialEndOf(date) } });
      toastSuccess(`The trial of ${o.name} now ends on ${formatDate(date)}.`);
      onClose();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.trial_ends_at) setError(fields.trial_ends_at);
      else toastError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Extend the trial of ${o.name}`} size="md">
      <Stack gap="md">
        <Text size="sm">{currentEndText(o)}</Text>
        <Group gap="xs">
          {QUICK_DAYS.map((n) => (
            <Button
              key={n}
              size="xs"
              variant={date === day(base.add(n, 'day')) ? 'filled' : 'light'}
              onClick={() => {
                setDate(day(base.add(n, 'day')));
                setError(null);
              }}
            >
              +{n} days
            </Button>
          ))}
        </Group>
        <DateInput
          label="Last day of the trial"
          description="The trial ends at the end of this day (UTC)."
          leftSection={<IconCalendar size={16} />}
          valueFormat="MMM D, YYYY"
          value={date}
          onChange={(d) => {
            setDate(d ? String(d).slice(0, 10) : null);
            setError(null);
          }}
          minDate={day(today)}
          maxDate={day(today.add(MAX_TRIAL_DAYS_AHEAD, 'day'))}
          error={error}
          popoverProps={{ withinPortal: true }}
        />
        {o.plan !== 'trial' && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            This puts the organization on the trial plan, with its limits, until that day.
          </Alert>
        )}
        <FormModalActions onCancel={onClose} submitLabel="Extend trial" onSubmit={submit} loading={change.isPending} disabled={!date} />
      </Stack>
    </Modal>
  );
}
