import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessagePlus, IconPackages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '../../../../common/messages';
import { formatDate, fromNow } from '../../../lib/dates';
import { useCan } from '../../../lib/can';
import { useSourcesStatus, watchingLine } from '../api/sources-status';
import { useOwnSuggestions, type Suggestion } from '../api/suggestions';
import secondary from '../../../components/secondary-text.module.css';
import { SuggestOutletModal } from './suggest-outlet-modal';

const STATUS: Record<Suggestion['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for review', color: 'blue' },
  approved: { label: 'Monitored', color: 'green' },
  rejected: { label: 'Not added', color: 'gray' },
};

function OwnSuggestion({ s }: { s: Suggestion }) {
  const status = STATUS[s.status];
  return (
    <Group component="li" gap="xs" justify="space-between" wrap="wrap" data-testid="own-suggestion">
      <Text size="sm" fw={600} dir="ltr">
        {s.domain}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" className={secondary.secondary} title={formatDate(s['created-at'])}>
          {fromNow(s['created-at'])}
        </Text>
        <Badge color={status.color} variant="light" tt="none">
          {status.label}
        </Badge>
      </Group>
    </Group>
  );
}

/**
 * Outlets, on the organization page of its admins: what Coverwatch watches, a way to suggest the
 * outlet that is missing, and what became of the organization's suggestions.
 */
export function OutletsCard() {
  const operator = useCan('platform.operate');
  const status = useSourcesStatus();
  const own = useOwnSuggestions(true);
  const [suggesting, setSuggesting] = useState(false);
  const rows = own.data ?? [];
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" component="section" aria-labelledby="outlets-title">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 20rem' }}>
          <Title order={2} fz={20} id="outlets-title">
            Outlets
          </Title>
          <Text size="sm" className={secondary.secondary}>
            {status.data ? watchingLine(status.data) : 'The news sites Coverwatch reads for every organization.'}
          </Text>
        </Stack>
        {operator ? (
          <Button component={Link} to="/websites?view=packs" variant="light" leftSection={<IconPackages size={16} />}>
            Websites → Source packs
          </Button>
        ) : (
          status.data?.can_suggest && (
            <Button variant="light" leftSection={<IconMessagePlus size={16} />} onClick={() => setSuggesting(true)}>
              Suggest an outlet
            </Button>
          )
        )}
      </Group>
      {rows.length > 0 && (
        <Stack gap={6} mt="md">
          <Text size="xs" fw={600} className={secondary.secondary}>
            Your suggestions
          </Text>
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((s) => (
              <OwnSuggestion key={s.id} s={s} />
            ))}
          </Stack>
        </Stack>
      )}
      {status.data && !status.data.can_suggest && (
        <Text size="sm" mt="sm">
          {MSG.outlets.askAdmin}
        </Text>
      )}
      <SuggestOutletModal opened={suggesting} onClose={() => setSuggesting(false)} />
    </Paper>
  );
}
