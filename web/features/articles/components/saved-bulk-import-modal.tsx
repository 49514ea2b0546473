import { Modal } from '@mantine/core';
import { BulkImportLinksForm } from './bulk-import-links-form';
import { BulkImportProgress } from './bulk-import-progress';
import { useSavedBulkImport } from './use-saved-bulk-import';

export interface SavedBulkImportModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  initialTagId?: string | null;
}

/**
 * Bulk import: a tag and up to 999 links, one per line. Links are checked as they are typed
 * (ready / invalid), then sent in chunks of 10 while a progress bar and a per-link list show
 * how far the import got and why a link failed.
 */
export function SavedBulkImportModal({ opened, onClose, projectId, initialTagId = null }: SavedBulkImportModalProps) {
  const state = useSavedBulkImport({ onClose, initialTagId });
  const { phase, close } = state;

  return (
    <Modal opened={opened} onClose={close} title="Bulk import" size="lg" closeOnClickOutside={phase !== 'importing'} withCloseButton={phase !== 'importing'}>
      {phase === 'edit' ? <BulkImportLinksForm projectId={projectId} state={state} /> : <BulkImportProgress state={state} />}
    </Modal>
  );
}
