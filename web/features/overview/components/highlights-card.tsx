import { Anchor, Avatar, Group, SimpleGrid, Text } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import secondary from '../../../components/secondary-text.module.css';
import { webHref } from '../../../lib/links';
import type { OverviewAttributes } from '../api/overview';
import { count, savedLink } from '../lib/overview-links';
import { OverviewCard } from './overview-card';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The newest saved coverage of the period (its feed picture), each opening the article; the card leads to all of it. */
export function HighlightsCard({ overview, projectId }: { overview: OverviewAttributes; projectId: string }) {
  const { total, latest } = overview.highlights;
  return (
    <OverviewCard
      title="Latest highlights"
      caption={total ? `${count(total)} saved ${total === 1 ? 'article' : 'articles'} in the period` : 'Saved coverage in the period'}
      testId="overview-highlights"
      link={{ to: savedLink(projectId, overview.period), label: total ? 'Open the saved coverage' : 'Go to saved coverage' }}
    >
      {latest.length === 0 ? (
        <Text size="sm">Nothing was saved from this period yet. Save articles from the feed to keep the best of the coverage here.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="sm">
          {latest.map((h) => {
            const href = webHref(h.url);
            return (
              <Group key={h.id} gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={webHref(h.image)} radius="sm" size={44} alt="" imageProps={{ loading: 'lazy' }}>
                  <IconNews size={20} aria-hidden />
                </Avatar>
                <div style={{ minWidth: 0, flex: 1 }}>
                  {href ? (
                    <Anchor href={href} target="_blank" rel="noreferrer" size="sm" fw={500} lineClamp={2}>
                      {h.title}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={500} lineClamp={2}>
                      {h.title}
                    </Text>
                  )}
                  <Text size="xs" className={secondary.secondary} truncate="end">
                    <bdi dir="ltr">{h.media}</bdi>
                    {` · ${dateOf(h.date)} · ${h.tag}`}
                  </Text>
                </div>
              </Group>
            );
          })}
        </SimpleGrid>
      )}
    </OverviewCard>
  );
}
