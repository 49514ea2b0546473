import { useEffect, useRef, useState } from 'react';
import { Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPhotoOff } from '@tabler/icons-react';
import { domainOf } from '../../../../common/url';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { formatDate } from '../../../lib/dates';
import type { ReportScreenshot } from '../api/types';
import classes from './report.module.css';
import { useImageSrc } from './use-image-src';
import { webHref } from '../../../lib/links';

/** Cards per row, and their width: 232 px, 312 px on screens wider than 1800 px (001 §9). */
export const CARDS_PER_ROW = 5;
export const CARD_WIDTH = 232;
export const WIDE_CARD_WIDTH = 312;
export const WIDE_SCREEN = 1800;

/** Highlights sorted by reach, the strongest first (ties keep the order they were picked in). */
export function sortByReach<T extends { reach: number | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (b.reach ?? -1) - (a.reach ?? -1));
}

function CardImage({ card, height, print, onSettled }: { card: ReportScreenshot; height: number; print: boolean; onSettled: () => void }) {
  const domain = card.media || domainOf(card.article_url);
  const [broken, setBroken] = useState(false);
  const wanted = card.source !== 'placeholder' ? card.image_url : null;
  const image = useImageSrc(wanted);
  // A printed report shows the placeholder rather than a screenshot still being taken.
  const pending = !print && !card.image_url && card.status === 'pending';
  // A member-only picture that could not be fetched settles too (the placeholder stands in).
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  }, [onSettled]);
  useEffect(() => {
    if (image.failed) settledRef.current();
  }, [image.failed]);
  if (wanted && !broken && !image.failed) {
    if (!image.src)
      return (
        <Center className={classes.cardPlaceholder} style={{ height }} aria-hidden>
          <Loader size="sm" type="dots" />
        </Center>
      );
    return (
      <img
        src={image.src}
        alt=""
        loading="eager"
        className={classes.cardImage}
        style={{ height }}
        onLoad={onSettled}
        onError={() => {
          setBroken(true);
          onSettled();
        }}
      />
    );
  }
  return (
    <Center className={classes.cardPlaceholder} style={{ height }} aria-hidden>
      {pending ? (
        <Stack align="center" gap={6}>
          <Loader size="sm" type="dots" />
          <Text size="xs" c="dimmed">
            Taking a screenshot…
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap={4}>
          {domain ? (
            <Text fz={34} fw={800} c="brand.4" lh={1}>
              {domain.charAt(0).toUpperCase()}
            </Text>
          ) : (
            <IconPhotoOff size={28} />
          )}
          <Text size="xs" c="dimmed">
            {domain}
          </Text>
        </Stack>
      )}
    </Center>
  );
}

function HighlightCard({ card, width, print, onSettled }: { card: ReportScreenshot; width: number; print: boolean; onSettled: () => void }) {
  const domain = card.media || domainOf(card.article_url);
  return (
    <Paper withBorder radius="md" shadow="xs" className={`${classes.card} cw-report-avoid-break`} data-testid="highlight-card">
      <Anchor
        href={webHref(card.article_url)}
        target="_blank"
        rel="noopener noreferrer"
        underline="never"
        c="inherit"
        aria-label={card.title ?? card.article_url}
      >
        <CardImage card={card} height={Math.round(width * 0.6)} print={print} onSettled={onSettled} />
      </Anchor>
      <Stack gap={6} p="sm" style={{ flex: 1 }}>
        <Text size="xs" c="dimmed" fw={600} truncate="end">
          {domain}
        </Text>
        <Anchor
          href={webHref(card.article_url)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
          c="var(--mantine-color-text)"
          lineClamp={3}
          underline="hover"
        >
          {card.title?.trim() || card.article_url}
        </Anchor>
        <Group justify="space-between" mt="auto" pt={4} wrap="nowrap">
          <MediaScoreBadge score={card.reach} size="sm" />
          <Text size="xs" c="dimmed">
            {formatDate(card.date)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The highlighted articles as cards, strongest reach first, one row of five until "see more"
 * (print shows them all). `onReady` fires once every picture shown has loaded or failed.
 */
export function HighlightCards({ cards, print = false, onReady }: { cards: ReportScreenshot[]; print?: boolean; onReady?: () => void }) {
  const wide = useMediaQuery(`(min-width: ${WIDE_SCREEN + 1}px)`, false, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState(false);
  const sorted = sortByReach(cards);
  const shown = print || expanded ? sorted : sorted.slice(0, CARDS_PER_ROW);
  const width = wide ? WIDE_CARD_WIDTH : CARD_WIDTH;

  // Pictures that will load: the ready mark waits for them (a pending screenshot is not waited for).
  const expected = shown.filter((c) => c.image_url && c.source !== 'placeholder').length;
  const settled = useRef(0);
  const readyRef = useRef(onReady);
  useEffect(() => {
    readyRef.current = onReady;
  }, [onReady]);
  useEffect(() => {
    if (expected === 0) readyRef.current?.();
  }, [expected]);
  const onSettled = () => {
    settled.current += 1;
    if (settled.current >= expected) readyRef.current?.();
  };

  if (cards.length === 0) return null;
  return (
    <Stack gap="sm">
      <Box className={classes.cardsWrap}>
        <Box className={classes.cards} style={{ ['--cw-card-width' as string]: `${width}px` }}>
          {shown.map((c) => (
            <HighlightCard key={String(c.article_id)} card={c} width={width} print={print} onSettled={onSettled} />
          ))}
        </Box>
      </Box>
      {!print && sorted.length > CARDS_PER_ROW && (
        <Center>
          <Button
            variant="subtle"
            size="sm"
            onClick={() => setExpanded((e) => !e)}
            rightSection={expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          >
            {expanded ? 'See less' : `See more (${sorted.length - CARDS_PER_ROW})`}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
