import { Avatar } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { websiteIconUrl } from '../../../components/website-icon';

/** A website's avatar (or the icon our server stored for it); without an image, a placeholder with its initial (000 §2: "Missing thumbnail shows a placeholder"). */
export function WebsiteAvatar({ domain, avatar, size = 32 }: { domain: string; avatar: string | null; size?: number }) {
  const initial = domain
    .replace(/^www\./, '')
    .charAt(0)
    .toUpperCase();
  return (
    <Avatar src={avatar || websiteIconUrl(domain)} alt={domain} size={size} radius="md" color="blue" variant="light">
      {initial || <IconWorldWww size={size * 0.55} />}
    </Avatar>
  );
}
