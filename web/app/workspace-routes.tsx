import { lazyScreen, type LazyScreen } from './lazy-screen';

/**
 * The authenticated screens (spec 000 §2), each in a chunk of its own, by their path under the
 * workspace. Gating (plan features, admin-only pages, the redirect of `/`) is decided by
 * guards.ts before any of them renders.
 */
export const WORKSPACE_SCREENS: [path: string, screen: LazyScreen][] = [
  [
    'settings',
    lazyScreen(
      () => import('./routes/settings-screen'),
      (m) => m.SettingsScreen,
    ),
  ],
  [
    'organization-details/:projectId',
    lazyScreen(
      () => import('./routes/organization-details-page'),
      (m) => m.OrganizationDetailsScreen,
    ),
  ],
  [
    'supersearch/:projectId',
    lazyScreen(
      () => import('../features/supersearch/routes/supersearch-page'),
      (m) => m.SupersearchPage,
    ),
  ],
  [
    'brands/:projectId',
    lazyScreen(
      () => import('../features/clients/routes/clients-page'),
      (m) => m.BrandsPage,
    ),
  ],
  [
    'projects/:projectId',
    lazyScreen(
      () => import('../features/projects/routes/projects-page'),
      (m) => m.ProjectsPage,
    ),
  ],
  [
    'tags/:projectId',
    lazyScreen(
      () => import('../features/tags/routes/tags-page'),
      (m) => m.TagsPage,
    ),
  ],
  [
    'new-report/:projectId',
    lazyScreen(
      () => import('../features/reports/routes/new-report-page'),
      (m) => m.NewReportPage,
    ),
  ],
  [
    'reports/:projectId',
    lazyScreen(
      () => import('../features/reports/routes/reports-page'),
      (m) => m.ReportsPage,
    ),
  ],
  [
    'reports/:projectId/:reportId',
    lazyScreen(
      () => import('../features/reports/routes/report-detail-page'),
      (m) => m.ReportDetailPage,
    ),
  ],
  [
    'articles/:projectId',
    lazyScreen(
      () => import('../features/articles/routes/saved-articles-page'),
      (m) => m.SavedArticlesPage,
    ),
  ],
  [
    'articles-feed/:projectId',
    lazyScreen(
      () => import('./routes/articles-feed-page'),
      (m) => m.ArticlesFeedPage,
    ),
  ],
  [
    'youtube-feed/:projectId',
    lazyScreen(
      () => import('../features/videos/routes/youtube-feed-page'),
      (m) => m.YoutubeFeedPage,
    ),
  ],
  [
    'videos/:projectId',
    lazyScreen(
      () => import('../features/videos/routes/saved-videos-page'),
      (m) => m.SavedVideosPage,
    ),
  ],
  [
    'twitch-feed/:projectId',
    lazyScreen(
      () => import('../features/streams/routes/twitch-feed-page'),
      (m) => m.TwitchFeedPage,
    ),
  ],
  [
    'streams/:projectId',
    lazyScreen(
      () => import('../features/streams/routes/saved-streams-page'),
      (m) => m.SavedStreamsPage,
    ),
  ],
  [
    'overview/:projectId',
    lazyScreen(
      () => import('./routes/overview-page'),
      (m) => m.OverviewPage,
    ),
  ],
  [
    'creators/:projectId',
    lazyScreen(
      () => import('../features/creators/routes/creators-page'),
      (m) => m.CreatorsPage,
    ),
  ],
  [
    'websites',
    lazyScreen(
      () => import('./routes/websites-page'),
      (m) => m.WebsitesScreen,
    ),
  ],
  [
    'websites/:websiteUrl',
    lazyScreen(
      () => import('../features/websites/routes/website-detail-page'),
      (m) => m.WebsiteDetailPage,
    ),
  ],
  [
    'operator/organizations',
    lazyScreen(
      () => import('../features/operator/routes/organizations-page'),
      (m) => m.OperatorOrganizationsPage,
    ),
  ],
];
