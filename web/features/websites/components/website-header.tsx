import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBooks, IconExternalLink } from '@tabler/icons-react';
import { countryByCode, languageName } from '../../../../common/reference';
import { SOURCE_CATEGORY_LABELS } from '../../../../common/schemas/sources';
import type { Website } from '../api/websites';
import { EditScoreModal } from './edit-score-modal';
import { FeedHealthBadge } from './feed-health-badge';
import { WebsiteAvatar } from './website-avatar';
import { ScoreFigure, VisitorsFigure } from './website-figures';
import secondary from '../../../components/secondary-text.module.css';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" className={secondary.secondary} tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** "Shipped with Coverwatch, in the games-de pack · Germany". */
function directoryHint(w: Website): string {
  const country = w.country ? countryByCode(w.country)?.name : null;
  return [`Shipped with Coverwatch${w.pack_id ? `, in the ${w.pack_id} pack` : ''}`, country].filter(Boolean).join(' · ');
}

/** Avatar, domain with its link, Metacritic badge and the key figures; the score opens its editor. */
export function WebsiteHeader({ website }: { website: Website }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Group gap="md" wrap="nowrap" align="flex-start" mb="lg">
        <WebsiteAvatar domain={website.domain} avatar={website.avatar} size={64} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {website.domain}
            </Title>
            <Tooltip label={`Open ${website.fullUrl}`} withArrow>
              <ActionIcon component="a" href={website.fullUrl} target="_blank" rel="noopener noreferrer" variant="subtle" aria-label={`Open ${website.domain}`}>
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            {website.is_metacritic && (
              <Badge color="yellow" variant="filled" radius="sm">
                Metacritic
              </Badge>
            )}
            {website.is_ea && (
              <Badge color="indigo" variant="light" radius="sm">
                EA list
              </Badge>
            )}
            {website.in_directory && (
              <Tooltip label={directoryHint(website)} withArrow multiline w={260}>
                <Badge color="gray" variant="light" radius="sm" tt="none" leftSection={<IconBooks size={12} />}>
                  {website.category ? `Directory · ${SOURCE_CATEGORY_LABELS[website.category]}` : 'Directory'}
                </Badge>
              </Tooltip>
            )}
            {website.health && <FeedHealthBadge health={website.health} />}
          </Group>
          {website.name && <Text className={secondary.secondary}>{website.name}</Text>}
          <Anchor href={website.fullUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {website.fullUrl}
          </Anchor>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
        <Fact label="Media score">
          <ScoreFigure website={website} onEdit={() => setEditing(true)} />
        </Fact>
        <Fact label="Monthly unique visitors">
          <VisitorsFigure website={website} />
        </Fact>
        <Fact label="Language">
          <Text fw={600}>{languageName(website.language)}</Text>
        </Fact>
        <Fact label="Media type">
          <Text fw={600}>{website['mediatype-name'] ?? '—'}</Text>
        </Fact>
        <Fact label="Articles">
          <Text fw={600}>{website['articles-count'].toLocaleString('en')}</Text>
        </Fact>
      </SimpleGrid>
      <EditScoreModal key={website['updated-at']} website={website} opened={editing} onClose={() => setEditing(false)} />
    </Paper>
  );
}
