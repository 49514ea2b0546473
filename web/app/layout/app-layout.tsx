import { Fragment, useEffect, type MouseEvent } from 'react';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useParams } from 'react-router';
import { UpgradeDialogHost } from '../../features/billing/components/upgrade-dialog-host';
import { SourcesFirstRun } from '../../features/sources/components/first-run-gate';
import { onDemand } from '../../components/on-demand';
import { useCurrentUser } from '../../lib/session';
import { NO_PROJECT, useAllProjects } from '../../lib/workspace';
import { pickProjectId } from '../guards';
import { lastProject, rememberProject } from '../last-project';
import { useUiSettings } from '../ui-settings';
import { AccountNotices } from './account-notices';
import { AppFooter } from './app-footer';
import { buildNav } from './nav-items';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { TopNav } from './top-nav';
import classes from './layout.module.css';

// Opened on a click: their code loads then.
const ProjectPicker = onDemand(() => import('./project-picker').then((m) => m.ProjectPicker));
const SettingsPanel = onDemand(() => import('./settings-panel').then((m) => m.SettingsPanel));

/** Moves focus to the page's main region (a hash link alone moves only the reading position). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

/**
 * The workspace frame: side and/or top navigation, the top bar, the project picker and the
 * settings panel; the notice bar above every page (billing, e-mail confirmation), the upgrade dialog (opened by `?upgrade`)
 * and, for the platform operator's admins, the sources first-run callout until it is answered.
 * Rendered only once RequireSession has the user.
 */
export function AppLayout() {
  const { projectId: routeProjectId } = useParams();
  const user = useCurrentUser().data!;
  const projects = useAllProjects().data;
  const { settings } = useUiSettings();
  const [navOpened, nav] = useDisclosure(false);
  const [pickerOpened, picker] = useDisclosure(false);
  const [settingsOpened, settingsPanel] = useDisclosure(false);

  const projectId = routeProjectId ?? pickProjectId(user, projects, lastProject()) ?? NO_PROJECT;
  const project = projects?.find((p) => p.id === projectId);
  useEffect(() => {
    if (routeProjectId) rememberProject(routeProjectId);
  }, [routeProjectId]);

  const sections = buildNav(user, projectId);
  const vertical = settings.navPosition !== 'top';
  const withTopNav = settings.navPosition !== 'vertical';
  const inverted = settings.navbarStyle === 'inverted' || settings.navbarStyle === 'vibrant';
  const logoInNavbar = settings.navPosition === 'vertical';

  return (
    <AppShell
      layout={logoInNavbar ? 'alt' : 'default'}
      header={{ height: withTopNav ? { base: 60, sm: 104 } : 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: !vertical } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      {/* The first Tab of every page: past the navigation to the page itself. */}
      <a href="#main-content" className={classes.skipLink} onClick={skipToContent}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <TopBar
          user={user}
          project={project}
          projectId={projectId}
          withLogo={!logoInNavbar}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onOpenPicker={picker.open}
          onOpenSettings={settingsPanel.open}
        />
        {/* In Combo both navigations show: each landmark its own name. */}
        {withTopNav && <TopNav sections={sections} label={vertical ? 'Section tabs' : 'Main navigation'} />}
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} data-variant={settings.navbarStyle} aria-label={vertical ? 'Main navigation' : 'Navigation menu'}>
        <SideNav sections={sections} withLogo={logoInNavbar} inverted={inverted} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <Container
          fluid={settings.fluid}
          size="xl"
          px={0}
          mih="calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--mantine-spacing-lg))"
          style={{ display: 'flex', flexDirection: 'column' }}
        >
          <div style={{ flex: 1 }}>
            <AccountNotices user={user} />
            <SourcesFirstRun />
            {/* Keyed by project: switching projects remounts the page, resetting its tables (page 1, nothing checked, no filters). */}
            <Fragment key={projectId}>
              <Outlet />
            </Fragment>
          </div>
          <AppFooter />
        </Container>
      </AppShell.Main>
      <ProjectPicker opened={pickerOpened} onClose={picker.close} user={user} projects={projects ?? []} currentId={projectId} />
      <SettingsPanel opened={settingsOpened} onClose={settingsPanel.close} />
      <UpgradeDialogHost />
    </AppShell>
  );
}
