import { useId } from 'react';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import secondary from '../../../components/secondary-text.module.css';

export interface OverviewCardProps {
  title: string;
  /** One line under the title: what the figures count. */
  caption?: string;
  /** The list behind the card's figures. */
  link?: { to: string; label: string };
  testId: string;
  children: React.ReactNode;
}

/** A card of the overview: a named region with its figures and, at its foot, the list they come from. */
export function OverviewCard({ title, caption, link, testId, children }: OverviewCardProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" shadow="xs" p="md" data-testid={testId} h="100%">
      <Stack gap="sm" h="100%">
        <div>
          <Text id={id} fw={600} size="sm">
            {title}
          </Text>
          {caption && (
            <Text size="xs" className={secondary.secondary}>
              {caption}
            </Text>
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
        {link && (
          <Anchor component={Link} to={link.to} size="sm" fw={500}>
            <Group gap={4} wrap="nowrap" component="span">
              <span>{link.label}</span>
              <IconChevronRight size={14} aria-hidden className="mantine-rotate-rtl" style={{ flex: 'none' }} />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** A large figure with its name under it; a link when it leads to its list. */
export function Figure({ value, label, to, testId }: { value: string; label: string; to?: string; testId: string }) {
  const number = (
    <Text fz={26} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
      {value}
    </Text>
  );
  return (
    <div style={{ minWidth: 0 }}>
      {to ? (
        <Anchor component={Link} to={to} c="inherit" underline="hover" aria-label={`${value} ${label}`}>
          {number}
        </Anchor>
      ) : (
        number
      )}
      <Text size="xs" className={secondary.secondary}>
        {label}
      </Text>
    </div>
  );
}
