import { Alert, Anchor, Button, Card, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailOff, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { ApiError } from '../../../lib/api';
import { useUnsubscribe, useUnsubscribeTarget, type UnsubscribeTarget } from '../api/notifications';

function Target({ target }: { target: UnsubscribeTarget }) {
  return (
    <Text size="sm" c="dimmed" ta="center">
      E-mail notifications for the project <strong>{target.project_name}</strong> of {target.organization_name}, sent to {target.email}.
    </Text>
  );
}

/**
 * /unsubscribe/:token: turns one project's e-mail notifications off without logging in. The
 * page asks before it acts: mail scanners open links, and a GET must never unsubscribe anyone.
 */
export function UnsubscribePage() {
  const token = useParams().token ?? '';
  const target = useUnsubscribeTarget(token);
  const unsubscribe = useUnsubscribe(token);

  let content;
  if (target.isPending) {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (target.isError) {
    const unknown = target.error instanceof ApiError && target.error.status === 404;
    content = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {unknown ? MSG.digests.unsubscribeUnknown : MSG.notifications.settings}
      </Alert>
    );
  } else if (!target.data.status) {
    content = (
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {MSG.digests.unsubscribed}
        </Title>
        <Target target={target.data} />
        <Text size="sm" ta="center">
          {MSG.digests.unsubscribedDetail}
        </Text>
        <Text size="sm" ta="center">
          {MSG.digests.turnBackOn}{' '}
          <Anchor component={Link} to="/settings">
            Notification settings
          </Anchor>
        </Text>
      </Stack>
    );
  } else {
    content = (
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconMailOff size={30} />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {MSG.digests.unsubscribeTitle}
        </Title>
        <Target target={target.data} />
        {unsubscribe.isError && (
          <Alert color="red" variant="light" w="100%">
            {MSG.digests.unsubscribeFailed}
          </Alert>
        )}
        <Button color="red" mt="sm" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {MSG.digests.unsubscribeConfirm}
        </Button>
      </Stack>
    );
  }

  return (
    <PublicFrame logoTo="app">
      <Container size={480} py={64}>
        <Card withBorder radius="md" padding="xl" shadow="sm">
          {content}
        </Card>
      </Container>
    </PublicFrame>
  );
}
