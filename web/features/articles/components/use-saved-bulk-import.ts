import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { importLinksInChunks, parseLinkLines, useInvalidateArticles, type LinkStatus } from '../api/saved-articles';

type Phase = 'edit' | 'importing' | 'done';

/**
 * The state of the bulk import: the tag and the typed links (read after a pause in typing),
 * then the import's phase, per-link statuses and progress.
 */
export function useSavedBulkImport({ onClose, initialTagId }: { onClose: () => void; initialTagId: string | null }) {
  const invalidate = useInvalidateArticles();
  const [tagId, setTagId] = useState<string | null>(initialTagId);
  const [text, setText] = useState('');
  const [dirty, setDirty] = useState(false);
  const [tagMissing, setTagMissing] = useState(false);
  const [phase, setPhase] = useState<Phase>('edit');
  const [statuses, setStatuses] = useState<LinkStatus[]>([]);
  const [done, setDone] = useState(0);

  const [debounced] = useDebouncedValue(text, TIMINGS.searchDebounceMs);
  const parsing = text !== debounced;
  const parsed = useMemo(() => parseLinkLines(debounced), [debounced]);

  const reset = () => {
    setTagId(initialTagId);
    setText('');
    setDirty(false);
    setTagMissing(false);
    setPhase('edit');
    setStatuses([]);
    setDone(0);
  };
  const close = () => {
    if (phase !== 'importing') closeThenReset(onClose, reset);
  };

  const listError = dirty && !parsing ? parsed.error : null;
  const canImport = !parsing && parsed.error === null && parsed.ready.length > 0;

  function changeTag(v: string | null) {
    setTagId(v);
    setTagMissing(false);
  }

  function changeText(value: string) {
    setText(value);
    setDirty(true);
  }

  async function startImport() {
    if (!tagId) {
      setTagMissing(true);
      return;
    }
    if (!canImport) return;
    setPhase('importing');
    // Invalid lines never reach the server: they fail here with the reason already shown.
    const rejected: LinkStatus[] = parsed.invalid.map((url) => ({ url, state: 'ko', reason: MSG.articles.invalidUrl }));
    const result = await importLinksInChunks(parsed.ready, tagId, (s, n) => {
      setStatuses([...s, ...rejected]);
      setDone(n);
    });
    const failed = result.failed + rejected.length;
    await invalidate();
    if (failed === 0) {
      toastSuccess(MSG.articles.importedCount(result.success));
      setPhase('done');
      closeThenReset(onClose, reset);
      return;
    }
    if (result.success > 0) toastWarning(MSG.savedArticles.importedSome(result.success));
    toastError(undefined, MSG.articles.failedCount(failed));
    setPhase('done');
  }

  const total = parsed.ready.length;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const okCount = statuses.filter((s) => s.state === 'ok').length;
  const koCount = statuses.filter((s) => s.state === 'ko').length;

  return {
    tagId,
    changeTag,
    tagMissing,
    text,
    changeText,
    debounced,
    parsing,
    parsed,
    listError,
    canImport,
    startImport,
    close,
    phase,
    statuses,
    done,
    total,
    percent,
    okCount,
    koCount,
  };
}

export type SavedBulkImport = ReturnType<typeof useSavedBulkImport>;
