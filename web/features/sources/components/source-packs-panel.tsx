import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { useCan } from '../../../lib/can';
import { useCurrentUser } from '../../../lib/session';
import { groupByLanguage, useSourcePacks, type SourcesSummary } from '../api/source-packs';
import secondary from '../../../components/secondary-text.module.css';
import { FirstRunModal } from './first-run-modal';
import { PackLanguageCard } from './pack-language-card';
import { GdeltPanel } from './gdelt-panel';
import { RankingPanel } from './ranking-panel';
import classes from './sources.module.css';

export const summaryLine = (s: SourcesSummary) => MSG.outlets.directorySummary(s.directory_outlets, s.directory_languages, s.enabled_packs, s.packs);

/**
 * Websites → Source packs: the outside data the operator switches on — the traffic ranking
 * behind every media score, then the directory's packs.
 */
export function SourcePacksPanel() {
  return (
    <Stack gap="lg">
      <RankingPanel />
      <GdeltPanel />
      <PacksCard />
    </Stack>
  );
}

/**
 * The operator's source packs: the directory at a glance, each language's packs with their
 * switches, and the first-run chooser again ("Choose packs").
 */
function PacksCard() {
  const { data: user } = useCurrentUser();
  const operator = useCan('platform.operate');
  const canSwitch = useCan('operator.console');
  const packs = useSourcePacks(operator);
  const [choosing, setChoosing] = useState(false);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="source-packs-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 20rem' }}>
          <Title order={2} id="source-packs-title" fz="lg">
            Source packs
          </Title>
          <Text size="sm" className={secondary.secondary} data-testid="packs-summary">
            {packs.data
              ? summaryLine(packs.data.summary)
              : 'Outlets shipped with Coverwatch, by language and topic. Nothing is fetched until a pack is switched on.'}
          </Text>
        </Stack>
        {canSwitch && packs.data && (
          <Button variant="light" leftSection={<IconPackages size={16} />} onClick={() => setChoosing(true)}>
            Choose packs
          </Button>
        )}
      </Group>
      {!canSwitch && user && (
        <Text size="sm" mb="md">
          {MSG.outlets.packAdminOnly}
        </Text>
      )}
      {packs.isError ? (
        <Alert color="red" title={MSG.somethingWrong}>
          {packs.error.message}
          <Button size="xs" variant="light" color="red" ms="md" onClick={() => packs.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !packs.data ? (
        <Skeleton height={220} radius="md" />
      ) : (
        <div className={classes.grid}>
          {groupByLanguage(packs.data.packs).map((g) => (
            <PackLanguageCard key={g.language} group={g} canSwitch={canSwitch} />
          ))}
        </div>
      )}
      {packs.data && <FirstRunModal opened={choosing} onClose={() => setChoosing(false)} data={packs.data} />}
    </Paper>
  );
}
