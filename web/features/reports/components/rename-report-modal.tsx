import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { serverFieldErrors } from '../../../lib/form';
import { useDeleteReport, useRenameReport } from '../api/reports';
import type { Report } from '../api/types';
import { TITLE_MAX, TITLE_MIN, cleanTitle } from '../lib/wizard-machine';

/** Rename report: the same title rule as the wizard (one line, 3 to 127 characters). */
export function RenameReportModal({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const rename = useRenameReport();
  const [name, setName] = useState(report?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const tooShort = name.trim().length < TITLE_MIN;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!report || tooShort) return;
    try {
      await rename.mutateAsync({ id: report.id, name: name.trim() });
      onClose();
    } catch (err) {
      setError(serverFieldErrors(err).name ?? (err as Error).message);
    }
  }

  return (
    <Modal opened={report !== null} onClose={onClose} title="Rename report">
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="Report name"
            data-autofocus
            value={name}
            maxLength={TITLE_MAX}
            onChange={(e) => {
              setName(cleanTitle(e.currentTarget.value));
              setError(null);
            }}
            error={error ?? (name.length > 0 && tooShort ? `At least ${TITLE_MIN} characters` : null)}
            description={`${name.length}/${TITLE_MAX}`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={tooShort || name.trim() === report?.name}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Asks before deleting a report: its public link stops working at once. */
export function DeleteReportModal({ report: current, onClose }: { report: Report | null; onClose: () => void }) {
  const del = useDeleteReport();
  // Keeps the name on screen while the dialog fades out.
  const [report, setReport] = useState(current);
  if (current && current !== report) setReport(current);
  async function confirm() {
    if (!report) return;
    try {
      await del.mutateAsync(report.id);
      onClose();
    } catch {
      // the mutation's onError showed the toast; the dialog stays open to retry
    }
  }
  return (
    <Modal opened={current !== null} onClose={onClose} title="Delete report">
      <Stack gap="md">
        <Text size="sm">
          Delete <b>{report?.name}</b>? Its public link stops working at once, for everyone it was shared with. The saved articles stay in the project.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={del.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
