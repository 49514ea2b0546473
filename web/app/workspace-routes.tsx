import type { RouteObject } from 'react-router';
import { SavedArticlesPage } from '../features/articles/routes/saved-articles-page';
import { ArticlesFeedPage } from './routes/articles-feed-page';
import { OrganizationDetailsScreen } from './routes/organization-details-page';
import { WebsitesScreen } from './routes/websites-page';
import { BrandsPage } from '../features/clients/routes/clients-page';
import { ProjectsPage } from '../features/projects/routes/projects-page';
import { NewReportPage } from '../features/reports/routes/new-report-page';
import { ReportDetailPage } from '../features/reports/routes/report-detail-page';
import { ReportsPage } from '../features/reports/routes/reports-page';
import { SettingsPage } from '../features/settings/routes/settings-page';
import { SavedStreamsPage } from '../features/streams/routes/saved-streams-page';
import { TwitchFeedPage } from '../features/streams/routes/twitch-feed-page';
import { SupersearchPage } from '../features/supersearch/routes/supersearch-page';
import { TagsPage } from '../features/tags/routes/tags-page';
import { SavedVideosPage } from '../features/videos/routes/saved-videos-page';
import { YoutubeFeedPage } from '../features/videos/routes/youtube-feed-page';
import { WebsiteDetailPage } from '../features/websites/routes/website-detail-page';
import { OperatorOrganizationsPage } from '../features/operator/routes/organizations-page';

/**
 * The authenticated screens (spec 000 §2). Gating (plan features, admin-only pages, the
 * redirect of `/`) is decided by guards.ts before any of them renders.
 */
export const workspaceRoutes: RouteObject[] = [
  { index: true, element: null },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'organization-details/:projectId', element: <OrganizationDetailsScreen /> },
  { path: 'supersearch/:projectId', element: <SupersearchPage /> },
  { path: 'brands/:projectId', element: <BrandsPage /> },
  { path: 'projects/:projectId', element: <ProjectsPage /> },
  { path: 'tags/:projectId', element: <TagsPage /> },
  { path: 'new-report/:projectId', element: <NewReportPage /> },
  { path: 'reports/:projectId', element: <ReportsPage /> },
  { path: 'reports/:projectId/:reportId', element: <ReportDetailPage /> },
  { path: 'articles/:projectId', element: <SavedArticlesPage /> },
  { path: 'articles-feed/:projectId', element: <ArticlesFeedPage /> },
  { path: 'youtube-feed/:projectId', element: <YoutubeFeedPage /> },
  { path: 'videos/:projectId', element: <SavedVideosPage /> },
  { path: 'twitch-feed/:projectId', element: <TwitchFeedPage /> },
  { path: 'streams/:projectId', element: <SavedStreamsPage /> },
  { path: 'websites', element: <WebsitesScreen /> },
  { path: 'websites/:websiteUrl', element: <WebsiteDetailPage /> },
  { path: 'operator/organizations', element: <OperatorOrganizationsPage /> },
];
