import { onDemand } from '../../../components/on-demand';
import { useUpgradeDialogState } from '../api/upgrade-link';

// The plans and add-ons load when the dialog first opens.
const UpgradeDialog = onDemand(() => import('./upgrade-dialog').then((m) => m.UpgradeDialog));

/** The workspace's upgrade dialog, opened by `?upgrade=plans|addons` from anywhere in the app (see upgrade-link). */
export function UpgradeDialogHost() {
  const { view, open, close } = useUpgradeDialogState();
  return <UpgradeDialog opened={view !== null} view={view ?? 'plans'} onViewChange={open} onClose={close} />;
}
