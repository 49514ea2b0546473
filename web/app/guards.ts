import type { Action } from '../../common/policy';
import { can } from '../lib/can';
import type { CurrentUser } from '../lib/session';
import { activeProjects, NO_PROJECT, type Project } from '../lib/workspace';

/** Paths that never need a session (or decide about it themselves). */
const PUBLIC_PATHS = [
  '/welcome',
  '/login',
  '/loading/callback',
  '/authentication/basic/logout',
  '/subscription-upgrade-success',
  '/forgot-password',
  '/slack/installed',
];
const PUBLIC_PREFIXES = ['/signup/', '/p/', '/errors/', '/reset-password/', '/verify-email/', '/unsubscribe/'];

/** First path segments whose second segment is a project id. */
export const PROJECT_SECTIONS = [
  'overview',
  'articles-feed',
  'articles',
  'youtube-feed',
  'videos',
  'twitch-feed',
  'streams',
  'creators',
  'reports',
  'new-report',
  'supersearch',
  'brands',
  'projects',
  'tags',
  'organization-details',
] as const;

/**
 * Sections that need an action (spec 000 §2): a plan feature, the platform operator's admins
 * (Websites, the operator's console) or an admin (organization details). Refused: the 404 page.
 */
const SECTION_ACTIONS: Record<string, Action> = {
  supersearch: 'supersearch.use',
  'youtube-feed': 'youtube.use',
  videos: 'youtube.use',
  'twitch-feed': 'twitch.use',
  streams: 'twitch.use',
  websites: 'operator.console',
  operator: 'operator.console',
  'organization-details': 'org.admin',
};

const PAID_PLANS = ['starter', 'pro', 'agency'];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path) || path === '/signup' || PUBLIC_PREFIXES.some((p) => path.startsWith(p));
}

function segments(path: string): string[] {
  return path.split('?')[0].split('/').filter(Boolean);
}

/**
 * Where an account in this state must go whatever it asked for: no organization, an expired
 * trial, or a paid plan without a payment customer (unless the operator set it by hand). The
 * platform operator is exempt from the billing checks (spec: "organizations other than 1").
 */
export function accountRedirect(user: CurrentUser): string | null {
  const org = user.organization;
  if (user.status === 'NO_ORG' || !org) return '/errors/no-org';
  if (can(user, 'platform.operate')) return null;
  if (org.subscription_status?.trial_expired) return '/errors/end-of-trial';
  // A plan set by hand by the operator needs no payment customer; one bought (or left over) without it does.
  if (PAID_PLANS.includes(String(org.plan).toLowerCase()) && !org.stripe_customer_id && org.subscription_status?.plan_source !== 'operator')
    return '/errors/no-customer';
  return null;
}

/** The project to open: the default one when it is still active, else the first active one by name. */
export function pickProjectId(user: CurrentUser, projects?: readonly Project[], preferred?: string | null): string | null {
  const defaultId = user['default-project-id'] == null ? null : String(user['default-project-id']);
  if (!projects) return preferred ?? defaultId;
  const active = activeProjects(projects);
  if (preferred && active.some((p) => p.id === preferred)) return preferred;
  if (defaultId && active.some((p) => p.id === defaultId)) return defaultId;
  return active[0]?.id ?? null;
}

/**
 * The screen `/` stands for (000 §2): the projects page when the user asked for it in their
 * settings (`open_projects_first`), else the articles feed of the project. Without a project the
 * projects page either way, since that is where one is created.
 */
export function homePath(user: CurrentUser, projectId: string | null): string {
  if (!projectId) return `/projects/${NO_PROJECT}`;
  return user.open_projects_first ? `/projects/${projectId}` : `/articles-feed/${projectId}`;
}

/** Where /loading/callback sends a freshly logged-in user: the home screen of the default or first project. */
export function landingPath(user: CurrentUser, projects?: readonly Project[]): string {
  return accountRedirect(user) ?? homePath(user, pickProjectId(user, projects));
}

export interface RedirectContext {
  /** The organization's projects, when loaded; used for `/` and to reject unknown project ids. */
  projects?: readonly Project[];
  /** The last project the user worked in (kept in local storage). */
  lastProjectId?: string | null;
}

/**
 * The redirect an authenticated route needs, or null to render it. `user` null means no
 * session. Pure, so the rules of spec 000 §2 are unit-tested in one place.
 */
export function decideRedirect(user: CurrentUser | null, path: string, ctx: RedirectContext = {}): string | null {
  if (isPublicPath(path)) return null;
  if (!user) return '/welcome';
  const account = accountRedirect(user);
  if (account) return account;

  const [section, param] = segments(path);
  if (!section) return homePath(user, pickProjectId(user, ctx.projects, ctx.lastProjectId));

  const action = SECTION_ACTIONS[section];
  if (action && !can(user, action)) return '/errors/404';

  if ((PROJECT_SECTIONS as readonly string[]).includes(section)) {
    if (!param) return '/errors/404';
    if (ctx.projects && param !== NO_PROJECT && !ctx.projects.some((p) => p.id === param)) return '/errors/404';
  }
  return null;
}

/**
 * The same screen for another project: `/tags/4` → `/tags/9`. Deeper pages (a report) go back
 * to their list, since they belong to the old project. Other paths stay as they are.
 */
export function switchProjectPath(path: string, projectId: string): string {
  const [section] = segments(path);
  if (section && (PROJECT_SECTIONS as readonly string[]).includes(section)) return `/${section}/${projectId}`;
  return path;
}
