import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconExternalLink, IconFileAnalytics } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Report } from '../../api/types';
import { publicReportUrl } from '../../lib/format';
import { CopyLinkButton } from '../report-actions';

/** Step 3: the report is created (status 0); once it is, its public link with a copy button. */
export function StepPublish({ report, projectId }: { report: Report | null; projectId: string }) {
  if (!report)
    return (
      <Paper withBorder radius="md" p={48} shadow="xs">
        <Center>
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed">Publishing the report…</Text>
          </Stack>
        </Center>
      </Paper>
    );
  const url = publicReportUrl(report.id);
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }} shadow="xs">
      <Stack align="center" gap="lg" maw={640} mx="auto">
        <ThemeIcon color="teal" variant="light" size={64} radius="xl">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Stack gap={4} align="center">
          <Title order={3} ta="center">
            Your report is published
          </Title>
          <Text c="dimmed" ta="center">
            Anyone with this link can read <b>{report.name}</b>, no account needed.
          </Text>
        </Stack>
        <Group gap="xs" w="100%" wrap="nowrap">
          <TextInput value={url} readOnly aria-label="Public link" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} data-testid="public-link" />
          <CopyLinkButton id={report.id} variant="button" />
        </Group>
        <Group gap="sm" justify="center">
          <Button component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
            Open public report
          </Button>
          <Button component={Link} to={`/reports/${projectId}/${report.id}`} variant="default" leftSection={<IconFileAnalytics size={16} />}>
            View in Coverwatch
          </Button>
          <Button component={Link} to={`/reports/${projectId}`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            All reports
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
