import { Fragment } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { MSG } from '../../../../common/messages';
import type { FeedMove } from '../api/websites';
import classes from '../../../components/secondary-text.module.css';

/**
 * Where the outlet's feeds moved (newest first): "Feed moved to https://… on 27 Nov 2026 (the
 * old address redirected permanently)", with the old address below.
 */
export function FeedMoves({ moves }: { moves: readonly FeedMove[] }) {
  if (moves.length === 0) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-labelledby="feed-moves-title">
      <Title order={3} size="h5" id="feed-moves-title">
        Feed moves
      </Title>
      <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {moves.map((m) => {
          const link = (
            <Anchor href={m.to} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
              {m.to}
            </Anchor>
          );
          return (
            <li key={m.id} data-testid="feed-move">
              <Text size="sm">
                {MSG.outlets.feedMoved(link, dayjs(m['moved-at']).format('D MMM YYYY')).map((part, i) => (
                  <Fragment key={i}>{part}</Fragment>
                ))}{' '}
                {MSG.outlets.moveReason[m.reason]}
              </Text>
              <Text size="xs" className={classes.secondary} style={{ wordBreak: 'break-all' }}>
                Before: <span dir="ltr">{m.from}</span>
              </Text>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
