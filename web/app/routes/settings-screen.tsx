import { SpikeAlertsCard } from '../../features/spikes/components/spike-alerts-card';
import { SettingsPage } from '../../features/settings/routes/settings-page';

/** /settings: the settings feature's page with the projects' spike alerts (issue 32) among the notification settings. */
export function SettingsScreen() {
  return (
    <SettingsPage>
      <SpikeAlertsCard />
    </SettingsPage>
  );
}
