import { useEffect, useState } from 'react';
import { Button, List, Loader, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCheck, IconClockHour4, IconConfetti } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';
import { tokenStore } from '../../../lib/api';
import { fetchCurrentUser, userQueryKey, type CurrentUser } from '../../../lib/session';
import { useProducts } from '../api/products';

/** Stripe's webhook may reach the server after the browser returns: ask again every 2 s for about 40 s. */
const POLL_MS = 2000;
const MAX_POLLS = 20;

/** The subscription the checkout created is what the organization now runs on. */
function isConfirmed(user: CurrentUser | undefined): boolean {
  const s = user?.organization?.subscription_status;
  return s?.plan_source === 'stripe' && s.status === 'active';
}

function GoToWorkspace() {
  return (
    <Button component={Link} to="/" rightSection={<IconArrowRight size={16} />}>
      Go to your workspace
    </Button>
  );
}

/**
 * /subscription-upgrade-success: where checkout returns. It polls GET user (the app-wide cached user,
 * so every screen sees the new plan) until the webhook has switched the plan, then welcomes the
 * organization to it; after ~40 s it says the switch is on its way instead of waiting forever.
 */
export function UpgradeSuccessPage({ pollMs = POLL_MS, maxPolls = MAX_POLLS }: { pollMs?: number; maxPolls?: number }) {
  const qc = useQueryClient();
  // Answers counted from this page's arrival: a user cached earlier in the session does not count as a poll.
  const [start] = useState(() => qc.getQueryState(userQueryKey)?.dataUpdateCount ?? 0);
  const user = useQuery({
    queryKey: userQueryKey,
    queryFn: fetchCurrentUser,
    enabled: tokenStore.get() !== null,
    staleTime: 0,
    refetchInterval: (q) => (isConfirmed(q.state.data) || q.state.dataUpdateCount - start >= maxPolls ? false : pollMs),
  });
  const products = useProducts();
  const confirmed = isConfirmed(user.data);
  // Reading dataUpdatedAt subscribes this page to every answer, also one that changed nothing.
  const polls = user.dataUpdatedAt ? (qc.getQueryState(userQueryKey)?.dataUpdateCount ?? 0) - start : 0;
  const gaveUp = !confirmed && (polls >= maxPolls || user.isError || !tokenStore.get());

  useEffect(() => {
    // The organization's own page caches its plan too.
    if (confirmed) void qc.invalidateQueries({ queryKey: ['organizations'] });
  }, [confirmed, qc]);

  if (confirmed) {
    const plan = products.data?.plans.find((p) => p.key === user.data?.organization?.plan);
    const name = plan?.name ?? user.data?.organization?.['plan-name'] ?? 'new';
    return (
      <PublicFrame logoTo="app">
        <StatusPage
          color="teal"
          icon={<IconConfetti size={32} />}
          title={`Welcome to the ${name.replace(/ plan$/i, '')} plan`}
          message="Thank you! Your payment is confirmed and your workspace now includes:"
          actions={<GoToWorkspace />}
        >
          {plan && (
            <List
              spacing={4}
              size="sm"
              ta="left"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="teal">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {plan.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
          )}
        </StatusPage>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame logoTo="app">
      {gaveUp ? (
        <StatusPage
          color="blue"
          icon={<IconClockHour4 size={32} />}
          title="Thank you for your payment"
          message={MSG.billing.paymentPending}
          actions={<GoToWorkspace />}
        />
      ) : (
        <StatusPage
          color="blue"
          icon={<Loader size={28} color="blue" />}
          title={MSG.billing.confirmingPayment}
          message="This takes a few seconds. Please keep this page open."
        />
      )}
    </PublicFrame>
  );
}
