import type { ReactNode } from 'react';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicFrame } from '../../../components/public-frame';
import { LINKS } from '../../../lib/links';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicFrame logoTo="app">
      <Container size="sm" py="xl">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {children}
          <Text size="sm">
            <Anchor component={Link} to="/signup">
              Back to sign-up
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </PublicFrame>
  );
}

/** Route /privacy: what this install keeps about a person and why, in plain words (linked from the sign-up). */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy policy">
      <Text>Coverwatch keeps only what it needs to monitor media coverage for you.</Text>
      <List spacing="xs">
        <List.Item>
          <b>Your account:</b> your name, e-mail address and a one-way hash of your password (never the password itself), your organization, brands, projects,
          tags, alerts and the coverage you save.
        </List.Item>
        <List.Item>
          <b>Sign-in:</b> a session token stored in your browser, and failed sign-in attempts with their network address for a short time, to stop password
          guessing.
        </List.Item>
        <List.Item>
          <b>Notifications:</b> the Slack or Discord webhooks you set up, used only to post your alerts.
        </List.Item>
        <List.Item>
          <b>No tracking:</b> no advertising, no third-party analytics, and your data is not sold or shared with anyone outside your organization.
        </List.Item>
        <List.Item>
          <b>Your choice:</b> an organization admin can remove members; ask support to delete your account and its data.
        </List.Item>
      </List>
      <Text>
        Questions: <Anchor href={LINKS.support}>contact support</Anchor>.
      </Text>
    </LegalPage>
  );
}

/** Route /terms: the terms of service in plain words (linked from the sign-up). */
export function TermsPage() {
  return (
    <LegalPage title="Terms of service">
      <List spacing="xs">
        <List.Item>Use Coverwatch to monitor coverage you have a legitimate interest in, and keep your password to yourself.</List.Item>
        <List.Item>
          Articles, videos and streams belong to their publishers: Coverwatch shows headlines, excerpts and links, and reports should link to the originals.
        </List.Item>
        <List.Item>The free trial ends after its period; keeping your workspace after that needs a paid plan.</List.Item>
        <List.Item>We may suspend accounts that abuse the service (automated scraping, attacks, spam).</List.Item>
      </List>
      <Text>
        How we handle your data:{' '}
        <Anchor component={Link} to="/privacy">
          privacy policy
        </Anchor>
        .
      </Text>
    </LegalPage>
  );
}
