import { AppShell, Box, CloseButton, ScrollArea, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { isNavItemActive, type NavItem, type NavSection } from './nav-items';
import classes from './layout.module.css';

export function NavEntry({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const Icon = item.icon;
  if (item.external)
    return (
      <a className={classes.link} href={item.to} target="_blank" rel="noopener noreferrer">
        <Icon size={18} stroke={1.7} className={classes.linkIcon} />
        <span style={{ flex: 1 }}>{item.label}</span>
        <IconExternalLink size={14} opacity={0.6} />
      </a>
    );
  const active = isNavItemActive(item, pathname);
  return (
    <Link className={classes.link} to={item.to} data-active={active || undefined} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      <Icon size={18} stroke={1.7} className={classes.linkIcon} />
      <span>{item.label}</span>
    </Link>
  );
}

/** The vertical navigation (spec 000 §2 "Side navigation"). */
export function SideNav({
  sections,
  withLogo,
  inverted,
  onNavigate,
}: {
  sections: NavSection[];
  withLogo: boolean;
  inverted: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <>
      {withLogo && (
        <AppShell.Section px="md" h={60} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }} aria-label="Coverwatch home">
            <BrandLogo size={26} inverted={inverted} />
          </Link>
          {/* Over the top bar on small screens: the way to fold the navigation back. */}
          <CloseButton hiddenFrom="sm" aria-label="Close navigation" onClick={onNavigate} c={inverted ? 'white' : undefined} />
        </AppShell.Section>
      )}
      {/* The navbar itself is the navigation landmark (app-layout.tsx); no second <nav> inside it. */}
      <AppShell.Section grow component={ScrollArea} px="sm" pb="md">
        <div>
          {sections.map((section) => (
            <Box key={section.key} mt={section.label ? 0 : 'md'}>
              {section.label && <Text className={classes.sectionLabel}>{section.label}</Text>}
              {section.items.map((item) => (
                <NavEntry key={item.key} item={item} pathname={pathname} onNavigate={onNavigate} />
              ))}
            </Box>
          ))}
        </div>
      </AppShell.Section>
    </>
  );
}
