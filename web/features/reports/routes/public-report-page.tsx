import { Avatar, Container, Group, Loader, Center, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import DOMPurify from 'dompurify';
import { useParams } from 'react-router';
import { ApiError, apiFetch, type JsonApiResource } from '../../../lib/api';
import { PublicFrame, PublicNotFound, PublicServerError } from '../../../components/public-frame';

interface PublicReport {
  name: string;
  descriptionHTML?: string | null;
  date_start?: string | null;
  date_end?: string | null;
  'total-articles'?: number | null;
  'total-reach'?: number | null;
  project?: { name?: string; avatar?: string | null } | null;
}

/**
 * /p/r/{reportId}: a shared report, read without credentials (GET p/reports/{id}). A report
 * that does not exist (or is no longer shared) shows the /p/404 content.
 */
export function PublicReportPage() {
  const { reportId = '' } = useParams();
  const report = useQuery({
    queryKey: ['p/reports', reportId],
    queryFn: async () => (await apiFetch<{ data: JsonApiResource<PublicReport> }>(`p/reports/${encodeURIComponent(reportId)}`, { public: true })).data.attributes,
    retry: false,
  });

  let body;
  if (report.isPending)
    body = (
      <Center mih="60vh">
        <Loader type="dots" />
      </Center>
    );
  else if (report.isError) body = report.error instanceof ApiError && report.error.status === 404 ? <PublicNotFound /> : <PublicServerError />;
  else {
    const r = report.data;
    body = (
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Group gap="md">
            {r.project && (
              <Avatar src={r.project.avatar} size={56} radius="md" color="brand">
                {r.project.name?.[0]}
              </Avatar>
            )}
            <div>
              <Title order={1} fz={28}>
                {r.name}
              </Title>
              {r.date_end && <Text c="dimmed">{dayjs(r.date_end).format('dddd MMMM D, YYYY')}</Text>}
            </div>
          </Group>
          {(r['total-articles'] != null || r['total-reach'] != null) && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {r['total-articles'] != null && <Total label="Articles" value={r['total-articles']} />}
              {r['total-reach'] != null && <Total label="Total reach" value={r['total-reach']} />}
            </SimpleGrid>
          )}
          {r.descriptionHTML && (
            <Paper withBorder p="lg">
              <Typography>
                <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(r.descriptionHTML) }} />
              </Typography>
            </Paper>
          )}
        </Stack>
      </Container>
    );
  }
  return <PublicFrame>{body}</PublicFrame>;
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="lg">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}
