import type { ReactNode } from 'react';
import { Badge, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export interface StatusPageProps {
  /** A status code or short code shown above the title (404, 500, NoOrg). */
  code?: string;
  icon: ReactNode;
  color?: string;
  title: string;
  message?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Height of the centring area; the public and error pages fill the screen. */
  minHeight?: string | number;
}

/** A centred card for error and result pages. */
export function StatusPage({ code, icon, color = 'brand', title, message, actions, children, minHeight = '70vh' }: StatusPageProps) {
  return (
    <Center mih={minHeight} p="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={560} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          {code && (
            <Badge variant="light" color={color} size="lg">
              {code}
            </Badge>
          )}
          <Title order={1} fz={24}>
            {title}
          </Title>
          {message && (
            <Text c="dimmed" maw={420}>
              {message}
            </Text>
          )}
          {children}
          {actions && (
            <Stack gap="xs" w="100%" maw={320} mt="xs">
              {actions}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
