import { Button, Divider } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';

/**
 * "or", then the single sign-on button (the provider's login, `href`). A chunk of its own, loaded
 * when the server has a provider: its label is a message function, which brings the catalogue.
 */
export function SsoButton({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button component="a" href={href} variant="default" size="md" fullWidth leftSection={<IconKey size={18} />}>
        {MSG.identity.ssoButton(label)}
      </Button>
    </>
  );
}
