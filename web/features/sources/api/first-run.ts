import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SourcesSummary } from '../../../../common/schemas/sources';
import { toastError } from '../../../components/toasts';
import { apiFetch } from '../../../lib/api';
import { invalidateSources, setPackEnabled, SOURCE_PACKS_PATH, sourcePacksKey, type SourcePack, type SourcePacks } from './source-packs';

/** POST source_packs/first_run: the first-run screen was answered. */
export async function finishFirstRun(): Promise<SourcesSummary> {
  const doc = await apiFetch<{ meta: SourcesSummary }>(`${SOURCE_PACKS_PATH}/first_run`, {
    method: 'POST',
    body: { data: { type: 'source_first_run', attributes: { done: true } } },
  });
  return doc.meta;
}

/** "Not now" on the first-run callout: the first run is answered without switching anything on. */
export function useFinishFirstRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: finishFirstRun,
    onSuccess: (summary) => qc.setQueryData<SourcePacks>(sourcePacksKey, (d) => (d ? { ...d, summary } : d)),
    onError: (err) => toastError(err),
  });
}

/** How many requests the first-run screen sends at once. */
const CONCURRENCY = 4;

/** Runs `work` over `items`, a few at a time; reports progress and which items failed. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<unknown>, onDone: (done: number) => void): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  let done = 0;
  async function lane() {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch {
        failed.push(item);
      }
      onDone(++done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
  return failed;
}

export interface PackChoice {
  /** Packs to switch on or off (those whose state differs from the choice). */
  changes: { pack: SourcePack; enabled: boolean }[];
  /** Also mark the first-run screen as answered. */
  finishFirstRun: boolean;
}

/**
 * The first-run screen's "Start monitoring" (and "Not now": no change, first run finished):
 * PATCH each changed pack, then, when every one went through, POST first_run. Resolves with the
 * packs that failed; the first run stays open when any did, so the screen can be answered again.
 */
export function useApplyPackChoice(onProgress: (done: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ changes, finishFirstRun: finish }: PackChoice) => {
      const failed = await eachLimited(changes, (c) => setPackEnabled(c.pack.id, c.enabled), onProgress);
      if (failed.length === 0 && finish) {
        const summary = await finishFirstRun();
        qc.setQueryData<SourcePacks>(sourcePacksKey, (d) => (d ? { ...d, summary } : d));
      }
      return { failed: failed.map((c) => c.pack), switchedOn: changes.filter((c) => c.enabled && !failed.includes(c)).length };
    },
    onSettled: () => invalidateSources(qc),
  });
}
