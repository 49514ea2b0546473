import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { ApiError, tokenStore } from '../../../lib/api';
import { userQueryKey } from '../../../lib/session';
import { verifyEmail } from '../api/identity';
import { IdentityCard } from '../components/identity-card';

/**
 * /verify-email/:token: confirms the address on load (following the link is the consent; the
 * call only marks the address of the account it was sent for). Shows what happened and the way on.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const qc = useQueryClient();
  // A query, not an effect's mutation: React's development double render must not spend the link twice.
  const result = useQuery({ queryKey: ['verify-email', token], queryFn: () => verifyEmail(token), retry: false, staleTime: Infinity, gcTime: Infinity });
  useEffect(() => {
    // A signed-in tab shows the banner until the user is read again.
    if (result.isSuccess) void qc.invalidateQueries({ queryKey: userQueryKey });
  }, [result.isSuccess, qc]);

  const signedIn = tokenStore.get() !== null;
  const onward = (
    <Button component={Link} to={signedIn ? '/' : '/login'} size="md" fullWidth>
      {signedIn ? MSG.identity.continueToApp : MSG.identity.backToLogin}
    </Button>
  );

  if (result.isPending) {
    return (
      <IdentityCard title={MSG.identity.verifyTitle}>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{MSG.identity.verifying}</Text>
        </Group>
      </IdentityCard>
    );
  }
  if (result.isError) {
    const err = result.error;
    const detail = err instanceof ApiError ? (err.status === -1 ? MSG.networkFail : (err.errors[0]?.detail ?? err.message)) : MSG.somethingWrong;
    return (
      <IdentityCard title={MSG.identity.verifyTitle}>
        <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert">
          {detail}
        </Alert>
        <Text size="sm" c="dimmed">
          Signed in, you can ask for a new link from the banner at the top of the workspace.
        </Text>
        {onward}
      </IdentityCard>
    );
  }
  return (
    <IdentityCard title={MSG.identity.verifyTitle}>
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title={result.data.meta.message} role="status">
        {result.data.data.attributes.email}
      </Alert>
      {onward}
    </IdentityCard>
  );
}
