import type { ReactNode } from 'react';
import { Box, Stack, Text, Title } from '@mantine/core';
import classes from './report.module.css';

/** A titled part of a report: highlights, articles, videos and streams. */
export function ReportSection({ title, subtitle, children, testId }: { title: string; subtitle?: string | null; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="md" component="section" data-testid={testId} className={classes.flow}>
      <Box className={classes.sectionHead}>
        <Title order={2} fz={20}>
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed" mt={2}>
            {subtitle}
          </Text>
        )}
      </Box>
      {children}
    </Stack>
  );
}
