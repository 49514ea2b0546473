import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { FormModalActions } from '../../../components/form-modal-actions';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
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
          <FormModalActions onCancel={onClose} submitLabel="Save" loading={rename.isPending} disabled={tooShort || name.trim() === report?.name} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Asks before deleting a report: its public link stops working at once. */
export function DeleteReportModal({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const del = useDeleteReport();
  return (
    <ConfirmDeleteModal item={report} title="Delete report" onConfirm={(r) => del.mutateAsync(r.id)} pending={del.isPending} onClose={onClose}>
      {(r) => (
        <>
          Delete <b>{r?.name}</b>? Its public link stops working at once, for everyone it was shared with. The saved articles stay in the project.
        </>
      )}
    </ConfirmDeleteModal>
  );
}
