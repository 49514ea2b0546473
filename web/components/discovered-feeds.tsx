import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRss, IconSitemap } from '@tabler/icons-react';
import type { DiscoveredFeed, DiscoveredKind, FoundBy } from '../../common/schemas/sources';
import { formatDate, fromNow } from '../lib/dates';
import classes from './secondary-text.module.css';

const KIND_LABELS: Record<DiscoveredKind, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed', news_sitemap: 'News sitemap' };

const FOUND_BY_LABELS: Record<FoundBy, string> = {
  link: 'linked from the page',
  path: 'at a usual address',
  robots: 'named in robots.txt',
  sitemap: 'in the sitemap',
};

/** "20 items · newest 3 days ago · linked from the page". */
export function describeDiscoveredFeed(f: DiscoveredFeed): string {
  const items = `${f.items.toLocaleString('en')} ${f.items === 1 ? 'item' : 'items'}`;
  const newest = f.last_item_at ? `newest ${fromNow(f.last_item_at)}` : 'no dated item';
  return `${items} · ${newest} · ${FOUND_BY_LABELS[f.found_by]}`;
}

interface Props {
  feeds: readonly DiscoveredFeed[];
  /** Offers a "Use" button per feed. */
  onChoose?: (feed: DiscoveredFeed) => void;
  /** The feed chosen, shown as such. */
  chosenUrl?: string | null;
}

/**
 * The feeds and news sitemaps feed discovery proved: title, kind, how many items and how fresh,
 * and how each was found (the add-website form, suggestions and their review).
 */
export function DiscoveredFeeds({ feeds, onChoose, chosenUrl }: Props) {
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Feeds found">
      {feeds.map((f) => {
        const chosen = chosenUrl === f.url;
        return (
          <Group key={f.url} component="li" gap="xs" wrap="nowrap" align="flex-start" data-testid="discovered-feed">
            {f.kind === 'news_sitemap' ? (
              <IconSitemap size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            ) : (
              <IconRss size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            )}
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text size="sm" fw={600} truncate="end" dir="auto" title={f.title ?? f.url}>
                  {f.title || f.url}
                </Text>
                <Badge size="xs" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                  {KIND_LABELS[f.kind]}
                </Badge>
              </Group>
              {f.title && (
                <Text size="xs" dir="ltr" truncate="end" className={classes.secondary} title={f.url}>
                  {f.url}
                </Text>
              )}
              <Text size="xs" className={classes.secondary} title={f.last_item_at ? formatDate(f.last_item_at) : undefined}>
                {describeDiscoveredFeed(f)}
              </Text>
            </Stack>
            {onChoose && (
              <Button
                size="compact-sm"
                variant={chosen ? 'filled' : 'light'}
                onClick={() => onChoose(f)}
                aria-pressed={chosen}
                aria-label={`Use ${f.title || f.url}`}
              >
                {chosen ? 'Chosen' : 'Use'}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
