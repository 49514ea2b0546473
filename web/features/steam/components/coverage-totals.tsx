import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconChevronRight, IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CoverageAttributes } from '../../../../common/schemas/coverage';
import secondary from '../../../components/secondary-text.module.css';

const count = (n: number) => n.toLocaleString('en');

/** The overview's cards: which sources they add up, and the list each opens. */
export function totalCards(coverage: Pick<CoverageAttributes, 'totals' | 'sources'>, projectId: string) {
  const t = coverage.totals;
  const has = (s: CoverageAttributes['sources'][number]) => coverage.sources.includes(s);
  return [
    {
      key: 'articles',
      label: 'Articles',
      value: t.press + t.gdelt,
      detail: has('gdelt') ? `Press ${count(t.press)} · GDELT ${count(t.gdelt)}` : 'Found by the project’s alert',
      to: `/articles-feed/${projectId}`,
      icon: IconNews,
      color: 'indigo',
      shown: true,
    },
    {
      key: 'videos',
      label: 'Videos',
      value: t.youtube,
      detail: 'Published on YouTube',
      to: `/youtube-feed/${projectId}`,
      icon: IconBrandYoutube,
      color: 'red',
      shown: has('youtube'),
    },
    {
      key: 'streams',
      label: 'Streams',
      value: t.twitch,
      detail: 'Started on Twitch',
      to: `/twitch-feed/${projectId}`,
      icon: IconBrandTwitch,
      color: 'grape',
      shown: has('twitch'),
    },
  ].filter((c) => c.shown);
}

/** The period's totals per source, each card a link to its list (they stack on a phone). */
export function CoverageTotals({ coverage, projectId }: { coverage: CoverageAttributes; projectId: string }) {
  const cards = totalCards(coverage, projectId);
  return (
    <SimpleGrid cols={{ base: 1, xs: Math.min(3, cards.length) }} spacing="md" data-testid="coverage-totals">
      {cards.map((c) => (
        <Paper key={c.key} withBorder radius="md" shadow="xs" p={0}>
          <UnstyledButton component={Link} to={c.to} p="md" display="block" w="100%">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color={c.color} size={36} radius="md" aria-hidden>
                  <c.icon size={20} />
                </ThemeIcon>
                <div>
                  <Text size="sm" fw={600}>
                    {c.label}
                  </Text>
                  <Text fz={26} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${c.key}`}>
                    {count(c.value)}
                  </Text>
                  <Text size="xs" className={secondary.secondary}>
                    {c.detail}
                  </Text>
                </div>
              </Group>
              <IconChevronRight size={18} aria-hidden style={{ flex: 'none' }} className="mantine-rotate-rtl" />
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The cards' place while the figures load. */
export function CoverageTotalsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={98} radius="md" />
      ))}
    </SimpleGrid>
  );
}
