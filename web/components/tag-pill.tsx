import { Pill, Text, VisuallyHidden } from '@mantine/core';
import secondary from './secondary-text.module.css';
import classes from './tag-pill.module.css';

/**
 * The one look of a tag: Mantine's Pill, the same pill the tag filters' multi-selects show for a
 * chosen tag, so a tag looks alike where it is picked and where it is listed. A long name is cut
 * at the pill's end with the whole name on hover; it reads in its own direction.
 */
export function TagPill({ name }: { name: string | null | undefined }) {
  if (!name)
    return (
      <Text span size="sm" className={secondary.secondary}>
        <span aria-hidden="true">–</span>
        <VisuallyHidden>No tag</VisuallyHidden>
      </Text>
    );
  return (
    <Pill size="sm" title={name} dir="auto" className={classes.pill}>
      {name}
    </Pill>
  );
}
