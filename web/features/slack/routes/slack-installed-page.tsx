import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBrandSlack, IconPlugConnectedX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';
import { userQueryKey } from '../../../lib/session';

/**
 * /slack/installed: where Slack's install returns (`?status=ok`, or `?status=error&reason=…`
 * from GET /api/p/slack/oauth/callback). It says what happened and leads back to Settings. It is
 * public because the browser arrives from Slack, but it is only ever reached by an admin who
 * started the install, so it refreshes what the workspace knows about Slack.
 */
export function SlackInstalledPage() {
  const [params] = useSearchParams();
  const ok = params.get('status') === 'ok';
  const reason = params.get('reason') ?? '';
  const qc = useQueryClient();

  useEffect(() => {
    // slack_enabled (on the user's organization) and the installation changed.
    void qc.invalidateQueries({ queryKey: userQueryKey });
    void qc.invalidateQueries({ queryKey: ['slack'] });
  }, [qc]);

  const back = (
    <Button component={Link} to="/settings" fullWidth>
      Back to Settings
    </Button>
  );
  return (
    <PublicFrame logoTo="app">
      {ok ? (
        <StatusPage icon={<IconBrandSlack size={32} />} color="teal" title="Slack is connected" message={MSG.slack.installed} actions={back} />
      ) : (
        <StatusPage
          icon={<IconPlugConnectedX size={32} />}
          color="red"
          title={MSG.slack.installFailed}
          message={MSG.slack.reasons[reason] ?? MSG.slack.reasons.internal}
          actions={back}
        />
      )}
    </PublicFrame>
  );
}
