import { Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isNavItemActive, type NavSection } from './nav-items';
import classes from './layout.module.css';

/** The navigation as a row of tabs under the top bar (navigation position Top or Combo). */
export function TopNav({ sections, label }: { sections: NavSection[]; label: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Group component="nav" aria-label={label} gap={4} px="md" className={classes.topNav} wrap="nowrap" visibleFrom="sm" style={{ overflowX: 'auto' }}>
      {sections.map((section) =>
        section.label ? (
          <Menu key={section.key} trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <UnstyledButton className={classes.topLink} data-active={section.items.some((i) => isNavItemActive(i, pathname)) || undefined}>
                {section.label}
                <IconChevronDown size={14} />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {section.items.map((item) => (
                <Menu.Item key={item.key} leftSection={<item.icon size={16} />} onClick={() => navigate(item.to)}>
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          section.items.map((item) =>
            item.external ? (
              <a key={item.key} className={classes.topLink} href={item.to} target="_blank" rel="noopener noreferrer">
                {item.label}
                <IconExternalLink size={13} opacity={0.6} />
              </a>
            ) : (
              <Link key={item.key} className={classes.topLink} to={item.to} data-active={isNavItemActive(item, pathname) || undefined}>
                {item.label}
              </Link>
            ),
          )
        ),
      )}
    </Group>
  );
}
