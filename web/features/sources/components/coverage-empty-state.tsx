import { useState } from 'react';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessagePlus, IconPackages, IconRadar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '../../../../common/messages';
import { useCan } from '../../../lib/can';
import { useCurrentUser } from '../../../lib/session';
import { isWatchingAny, useSourcesStatus, watchingLine } from '../api/sources-status';
import secondary from '../../../components/secondary-text.module.css';
import { SuggestOutletModal } from './suggest-outlet-modal';

/** What to do about it: the operator opens the packs; an organization's admin suggests an outlet; others ask an admin. */
function NextStep({ operator, canSuggest, watching }: { operator: boolean; canSuggest: boolean; watching: boolean }) {
  const [suggesting, setSuggesting] = useState(false);
  if (operator)
    return (
      <Stack gap={6} align="center">
        {!watching && <Text size="sm">{MSG.outlets.operatorHint}</Text>}
        <Button component={Link} to="/websites?view=packs" variant="light" leftSection={<IconPackages size={16} />}>
          Websites → Source packs
        </Button>
      </Stack>
    );
  if (canSuggest)
    return (
      <>
        <Button variant="light" leftSection={<IconMessagePlus size={16} />} onClick={() => setSuggesting(true)}>
          Suggest an outlet
        </Button>
        <SuggestOutletModal opened={suggesting} onClose={() => setSuggesting(false)} />
      </>
    );
  return <Text size="sm">{MSG.outlets.askAdmin}</Text>;
}

/**
 * The articles feed when the alert has matched nothing yet (not when filters hide rows): what
 * Coverwatch is watching, and what to do next, so that an empty screen always says why.
 */
export function CoverageEmptyState() {
  const { data: user } = useCurrentUser();
  const status = useSourcesStatus();
  const s = status.data;
  const watching = !s || isWatchingAny(s);
  const operator = useCan('operator.console');
  const suggest = useCan('sources.suggest');
  return (
    <Stack align="center" gap="sm" py="xl" px="md" maw={560} mx="auto" ta="center" data-testid="coverage-empty">
      <ThemeIcon variant="light" size={44} radius="xl" color={watching ? undefined : 'orange'} aria-hidden>
        <IconRadar size={24} />
      </ThemeIcon>
      <Text fw={600}>No article has matched this alert yet</Text>
      <Text size="sm" className={secondary.secondary} data-testid="coverage-watching">
        {s ? watchingLine(s) : null}
        {s && watching ? ' ' : null}
        {watching ? MSG.outlets.watchingHint : null}
      </Text>
      {user && <NextStep operator={operator} canSuggest={s ? s.can_suggest : suggest} watching={watching} />}
    </Stack>
  );
}
