import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { IconArrowRight, IconConfetti } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';
import { userQueryKey } from '../../../lib/session';

/** /subscription-upgrade-success: where checkout returns. The plan changed, so the user is reloaded. */
export function UpgradeSuccessPage() {
  const qc = useQueryClient();
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: userQueryKey });
  }, [qc]);
  return (
    <PublicFrame logoTo="app">
      <StatusPage
        color="teal"
        icon={<IconConfetti size={32} />}
        title="Your subscription is upgraded"
        message="Thank you! Your new plan is active and its features are ready in your workspace."
        actions={
          <Button component={Link} to="/" rightSection={<IconArrowRight size={16} />}>
            Go to your workspace
          </Button>
        }
      />
    </PublicFrame>
  );
}
