import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconLinkOff, IconServerOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '../../common/messages';
import { VERSION_LABEL } from '../../common/limits';
import { LINKS } from '../lib/links';
import { BrandLogo } from './brand-logo';
import { StatusPage } from './status-page';

/**
 * The frame of pages outside the workspace: public reports and error pages. On public pages the
 * logo leads to the provider's site in a new tab (spec 000 §2 Reports); elsewhere, home.
 */
export function PublicFrame({ children, logoTo = 'site' }: { children: ReactNode; logoTo?: 'site' | 'app' }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-default-hover)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="var(--mantine-color-body)" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="xl" h={60} style={{ display: 'flex', alignItems: 'center' }}>
          {logoTo === 'site' ? (
            <Anchor href={LINKS.site} target="_blank" rel="noopener noreferrer" underline="never" c="inherit">
              <BrandLogo size={26} />
            </Anchor>
          ) : (
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <BrandLogo size={26} />
            </Anchor>
          )}
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Container size="xl" w="100%" py="md">
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Media coverage monitoring by Coverwatch
          </Text>
          <Text size="xs" c="dimmed">
            {VERSION_LABEL}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

/** Content of /p/404, also shown by a public report that does not exist. */
export function PublicNotFound() {
  return <StatusPage code="404" icon={<IconLinkOff size={34} aria-hidden />} title={MSG.pages.notFound} message="The link may be wrong, or the report is no longer shared." />;
}

/** Content of /p/500. */
export function PublicServerError() {
  return <StatusPage code="500" color="red" icon={<IconServerOff size={32} />} title={MSG.pages.serverError} message={MSG.status[500]} />;
}
