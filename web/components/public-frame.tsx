import { useState, type ReactNode } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconLinkOff, IconServerOff } from '@tabler/icons-react';
import { MSG } from '../../common/messages';
import { VERSION_LABEL } from '../../common/limits';
import { LINKS } from '../lib/links';
import { BrandLogo, LogoMark } from './brand-logo';
import { StatusPage } from './status-page';
import classes from './public-frame.module.css';

/** Who a public page is from: the organization whose name and logo head it (a shared report). */
export interface PublicBrand {
  name: string;
  logoUrl: string | null;
  /** The small "Made with Coverwatch" line at the foot: every plan but those with custom branding. */
  madeWith: boolean;
  /** The logo has loaded or failed: the report's PDF is printed only after that. */
  onLogoSettled?: () => void;
}

/**
 * The frame of pages outside the workspace: public reports and error pages. Coverwatch's logo
 * heads it, leading to the provider's site in a new tab on public pages (spec 000 §2 Reports) and
 * home elsewhere. A shared report is headed by its organization instead (`brand`), Coverwatch
 * shrinking to a "Made with" line at the foot that still leads to the site; `brand` null while
 * the report loads keeps the bar empty, so a custom-branded page never flashes another brand.
 */
export function PublicFrame({ children, logoTo = 'site', brand }: { children: ReactNode; logoTo?: 'site' | 'app'; brand?: PublicBrand | null }) {
  return (
    <div className={classes.frame}>
      <Box component="header" className={classes.bar}>
        <Container size="xl" h={60} style={{ display: 'flex', alignItems: 'center' }}>
          {brand ? <OrganizationBrand key={brand.logoUrl ?? ''} brand={brand} /> : brand === undefined && <CoverwatchLink to={logoTo} />}
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      {brand ? brand.madeWith && <MadeWithFooter /> : brand === undefined && <CoverwatchFooter />}
    </div>
  );
}

function CoverwatchLink({ to }: { to: 'site' | 'app' }) {
  return to === 'site' ? (
    <Anchor href={LINKS.site} target="_blank" rel="noopener noreferrer" underline="never" c="inherit">
      <BrandLogo size={26} />
    </Anchor>
  ) : (
    <Anchor href="/" underline="never" c="inherit">
      <BrandLogo size={26} />
    </Anchor>
  );
}

/** The organization's logo (when it has one that loads) beside its name; the name alone is read out. */
function OrganizationBrand({ brand }: { brand: PublicBrand }) {
  const [failed, setFailed] = useState(false);
  return (
    <Group gap="sm" wrap="nowrap" miw={0} data-testid="public-brand">
      {brand.logoUrl && !failed && (
        <img
          src={brand.logoUrl}
          alt=""
          className={classes.logo}
          onLoad={brand.onLogoSettled}
          onError={() => {
            setFailed(true);
            brand.onLogoSettled?.();
          }}
        />
      )}
      <Text fw={700} fz="lg" lh={1.2} truncate="end" miw={0} dir="auto">
        {brand.name}
      </Text>
    </Group>
  );
}

function MadeWithFooter() {
  return (
    <Container size="xl" w="100%" py="md">
      <Anchor
        href={LINKS.site}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        c="dimmed"
        underline="hover"
        className={classes.madeWith}
        data-testid="made-with"
      >
        <LogoMark size={14} />
        {MSG.publicReport.madeWith}
      </Anchor>
    </Container>
  );
}

function CoverwatchFooter() {
  return (
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
  );
}

/** Content of /p/404, also shown by a public report that does not exist. */
export function PublicNotFound() {
  return (
    <StatusPage
      code="404"
      icon={<IconLinkOff size={34} aria-hidden />}
      title={MSG.pages.notFound}
      message="The link may be wrong, or the report is no longer shared."
    />
  );
}

/** Content of /p/500. */
export function PublicServerError() {
  return <StatusPage code="500" color="red" icon={<IconServerOff size={32} />} title={MSG.pages.serverError} message={MSG.status[500]} />;
}
