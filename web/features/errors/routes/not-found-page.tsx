import { Button } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';

/** /errors/404 (and every unknown path). */
export function NotFoundPage() {
  return (
    <PublicFrame logoTo="app">
      <StatusPage
        code="404"
        icon={<IconMapSearch size={34} aria-hidden />}
        title={MSG.pages.notFound}
        message="Check the address, or head back to your workspace."
        actions={
          <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
            Back to Coverwatch
          </Button>
        }
      />
    </PublicFrame>
  );
}
