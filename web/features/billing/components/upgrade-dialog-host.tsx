import { useUpgradeDialogState } from '../api/upgrade-link';
import { UpgradeDialog } from './upgrade-dialog';

/** The workspace's upgrade dialog, opened by `?upgrade=plans|addons` from anywhere in the app (see upgrade-link). */
export function UpgradeDialogHost() {
  const { view, open, close } = useUpgradeDialogState();
  return <UpgradeDialog opened={view !== null} view={view ?? 'plans'} onViewChange={open} onClose={close} />;
}
