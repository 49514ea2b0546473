import { Anchor, Avatar, Text } from '@mantine/core';
import { Link } from 'react-router';
import { websiteIconUrl } from './website-icon';

/** The outlet's icon: its avatar when the API sends one, else the icon our server stored, else its initial on a colour of its name. */
export function MediaIcon({ media, avatar }: { media: string; avatar?: string | null }) {
  return <Avatar src={avatar ?? websiteIconUrl(media)} name={media} color="initials" size={28} radius="sm" alt="" imageProps={{ loading: 'lazy' }} />;
}

/**
 * A domain reads left to right in either direction (its own isolated box, cut at its end with the
 * whole name on hover), and sits at the start of its cell: inline, as wide as it needs or the cell.
 */
const DOMAIN_STYLE = { display: 'inline-block', maxWidth: '100%', verticalAlign: 'middle', minWidth: 0 } as const;

/**
 * The outlet's domain. The websites screens belong to the platform operator, so only there it
 * links to /websites/{domain}; everyone else sees plain text (a link would end on a 404).
 */
export function MediaName({ media, linked }: { media: string; linked: boolean }) {
  if (!media) return <Text size="sm">–</Text>;
  if (!linked)
    return (
      <Text size="sm" fw={500} dir="ltr" truncate="end" title={media} style={DOMAIN_STYLE}>
        {media}
      </Text>
    );
  return (
    <Anchor component={Link} to={`/websites/${encodeURIComponent(media)}`} size="sm" fw={500} dir="ltr" truncate="end" title={media} style={DOMAIN_STYLE}>
      {media}
    </Anchor>
  );
}
