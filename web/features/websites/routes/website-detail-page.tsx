import { Alert, Anchor, Breadcrumbs, Button, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { useWebsite } from '../api/websites';
import { FeedsSection } from '../components/feeds-section';
import { WebsiteHeader } from '../components/website-header';
import { Authors, SocialAccounts, WebsiteArticles, WebsiteCategories } from '../components/website-lists';
import { WebsiteMapSection } from '../components/website-map';

/** /websites/{websiteUrl}: one media site, by domain. */
export function WebsiteDetailPage() {
  const { websiteUrl = '' } = useParams();
  const query = useWebsite(websiteUrl);

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to="/websites" size="sm">
        Websites
      </Anchor>
      <Text size="sm">{websiteUrl}</Text>
    </Breadcrumbs>
  );

  if (query.isPending)
    return (
      <>
        {crumbs}
        <Stack>
          <Skeleton height={180} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      </>
    );

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        {crumbs}
        <Alert color={missing ? 'gray' : 'red'} title={missing ? MSG.status[404] : MSG.somethingWrong}>
          {missing ? `No website ${websiteUrl} is monitored.` : (query.error as Error).message}
          {!missing && (
            <Button size="xs" variant="light" color="red" ml="md" onClick={() => query.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </>
    );
  }

  const { website, feeds, authors, accounts, moves } = query.data;
  return (
    <>
      {crumbs}
      <Stack gap="lg">
        <WebsiteHeader website={website} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SocialAccounts accounts={accounts} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Authors authors={authors} />
          </Grid.Col>
        </Grid>
        <FeedsSection websiteId={website.id} feedCount={feeds.length} moves={moves} />
        <WebsiteMapSection geography={website.geography} trafficConnected={website.traffic_connected} />
        <WebsiteArticles websiteId={website.id} />
        <WebsiteCategories categories={website.categories} trafficConnected={website.traffic_connected} />
      </Stack>
    </>
  );
}
