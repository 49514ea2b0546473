import { Button } from '@mantine/core';
import { IconHome, IconRefresh, IconServerOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';

/** /errors/500, also the router's error screen. */
export function ServerErrorPage() {
  return (
    <PublicFrame logoTo="app">
      <StatusPage
        code="500"
        color="red"
        icon={<IconServerOff size={32} />}
        title={MSG.pages.serverError}
        message={MSG.status[500]}
        actions={
          <>
            <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
              Try again
            </Button>
            <Button component={Link} to="/" variant="default" leftSection={<IconHome size={16} />}>
              Back to Coverwatch
            </Button>
          </>
        }
      />
    </PublicFrame>
  );
}
