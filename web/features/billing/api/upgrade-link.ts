import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The upgrade dialog opens from a search parameter (`?upgrade=plans` or `?upgrade=addons`) that the
 * app layout reads: any screen can open it with a link, without importing the billing components,
 * and the browser's Back button closes it.
 */
export const UPGRADE_PARAM = 'upgrade';
export type UpgradeView = 'plans' | 'addons';

export function useUpgradeDialogState() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(UPGRADE_PARAM);
  const view: UpgradeView | null = raw === null ? null : raw === 'addons' ? 'addons' : 'plans';
  const open = useCallback(
    (next: UpgradeView = 'plans') =>
      setParams((p) => {
        const copy = new URLSearchParams(p);
        copy.set(UPGRADE_PARAM, next);
        return copy;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams((p) => {
        const copy = new URLSearchParams(p);
        copy.delete(UPGRADE_PARAM);
        return copy;
      }),
    [setParams],
  );
  return { view, open, close };
}
