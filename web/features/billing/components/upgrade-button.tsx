import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import type { CurrentUser } from '../../../lib/session';
import { runningTrialDaysLeft, showsUpgrade } from '../api/billing-access';
import { useUpgradeDialogState } from '../api/upgrade-link';

const daysLabel = (days: number) => (days === 1 ? '1 day left' : `${days} days left`);

/**
 * The top bar's Upgrade button: admins of organizations other than the platform operator (spec roles).
 * During a trial it counts the days left; on small screens it folds to its icon.
 */
export function UpgradeButton({ user }: { user: CurrentUser }) {
  const { open } = useUpgradeDialogState();
  if (!showsUpgrade(user)) return null;
  const days = runningTrialDaysLeft(user.organization);
  const label = days === null ? 'Upgrade' : `Upgrade · ${daysLabel(days)}`;
  const urgent = days !== null && days <= 3;
  return (
    <>
      <Button
        visibleFrom="sm"
        size="compact-md"
        radius="xl"
        variant={urgent ? 'filled' : 'light'}
        color={urgent ? 'orange' : undefined}
        leftSection={<IconRocket size={16} />}
        onClick={() => open('plans')}
      >
        {label}
      </Button>
      <Tooltip label={label}>
        <ActionIcon hiddenFrom="sm" variant="light" color={urgent ? 'orange' : undefined} size="lg" radius="xl" aria-label={label} onClick={() => open('plans')}>
          <IconRocket size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
