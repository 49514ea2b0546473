import { useState } from 'react';
import { Group, Text } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { VERSION_LABEL } from '../../../common/limits';
import { randomGamingFact } from './gaming-facts';
import classes from './layout.module.css';

/** A random gaming fact and the version label (spec 000 §1). */
export function AppFooter() {
  const [fact] = useState(() => randomGamingFact());
  return (
    <Group component="footer" className={classes.footer} justify="space-between" gap="md" mt="xl" pt="md" wrap="nowrap" align="flex-start">
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconDeviceGamepad2 size={16} style={{ flex: 'none', marginTop: 2 }} color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">
          {fact}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {VERSION_LABEL}
      </Text>
    </Group>
  );
}
