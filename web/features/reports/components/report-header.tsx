import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatPeriod, formatReportDay } from '../lib/format';
import classes from './report.module.css';

/** The report's header: project avatar, report name, end date ("Monday March 5, 2024") and the period. */
export function ReportHeader(props: {
  name: string;
  project: { name: string; avatar: string | null } | null;
  dateStart: string | null;
  dateEnd: string | null;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" className={classes.hero}>
      <Group justify="space-between" align="flex-start" gap="lg">
        {/* A basis wider than a phone: there the actions wrap under the title instead of squeezing it. */}
        <Group gap="lg" wrap="nowrap" align="center" style={{ minWidth: 0, flex: '1 1 420px' }}>
          {props.project && (
            <Avatar src={props.project.avatar} size={64} radius="md" color="brand" variant="filled" alt={props.project.name} style={{ flexShrink: 0 }}>
              {props.project.name.charAt(0).toUpperCase()}
            </Avatar>
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            {props.project && (
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
                {props.project.name}
              </Text>
            )}
            <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {props.name}
            </Title>
            <Group gap="sm" mt={4} style={{ rowGap: 4 }}>
              <Text fw={600} data-testid="report-end-date">
                {formatReportDay(props.dateEnd)}
              </Text>
              <Badge variant="light" color="gray" radius="sm" tt="none" leftSection={<IconCalendar size={12} />}>
                {formatPeriod(props.dateStart, props.dateEnd)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        {props.actions && (
          <Group gap="sm" className="cw-no-print">
            {props.actions}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
