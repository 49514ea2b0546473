import {
  IconBookmark,
  IconBrandTwitch,
  IconBrandYoutube,
  IconBuildingCommunity,
  IconBuildingStore,
  IconDeviceTv,
  IconFolders,
  IconHelpCircle,
  IconLayoutDashboard,
  IconMovie,
  IconNews,
  IconReportAnalytics,
  IconTags,
  IconTrophy,
  IconWorldWww,
  IconZoomScan,
  type Icon,
} from '@tabler/icons-react';
import { can } from '../../lib/can';
import type { CurrentUser } from '../../lib/session';
import { LINKS } from '../../lib/links';

export interface NavItem {
  key: string;
  label: string;
  to: string;
  icon: Icon;
  external?: boolean;
  /** First path segments that mark this entry active. */
  sections: string[];
}

export interface NavSection {
  key: string;
  label?: string;
  items: NavItem[];
}

/**
 * The side navigation of spec 000 §2 for this user and project (and the project's Overview first, issue 31): Videos need `youtube.use`,
 * Streams `twitch.use`, Creators either of them, Super Search `supersearch.use`, Websites and Organizations the operator's
 * console (an admin of the platform operator).
 */
export function buildNav(user: CurrentUser | null | undefined, projectId: string): NavSection[] {
  const youtube = can(user, 'youtube.use');
  const twitch = can(user, 'twitch.use');
  const operatorConsole = can(user, 'operator.console');
  const p = projectId;
  const keep = (items: (NavItem | false)[]) => items.filter((i): i is NavItem => i !== false);

  return [
    {
      key: 'all',
      label: 'All Coverage',
      items: keep([
        { key: 'overview', label: 'Overview', to: `/overview/${p}`, icon: IconLayoutDashboard, sections: ['overview'] },
        { key: 'articles-feed', label: 'Articles', to: `/articles-feed/${p}`, icon: IconNews, sections: ['articles-feed'] },
        youtube && { key: 'youtube-feed', label: 'Videos', to: `/youtube-feed/${p}`, icon: IconBrandYoutube, sections: ['youtube-feed'] },
        twitch && { key: 'twitch-feed', label: 'Streams', to: `/twitch-feed/${p}`, icon: IconBrandTwitch, sections: ['twitch-feed'] },
        (youtube || twitch) && { key: 'creators', label: 'Creators', to: `/creators/${p}`, icon: IconTrophy, sections: ['creators'] },
      ]),
    },
    {
      key: 'saved',
      label: 'Saved Coverage',
      items: keep([
        { key: 'articles', label: 'Articles', to: `/articles/${p}`, icon: IconBookmark, sections: ['articles'] },
        youtube && { key: 'videos', label: 'Videos', to: `/videos/${p}`, icon: IconMovie, sections: ['videos'] },
        twitch && { key: 'streams', label: 'Streams', to: `/streams/${p}`, icon: IconDeviceTv, sections: ['streams'] },
      ]),
    },
    {
      key: 'workspace',
      items: keep([
        { key: 'reports', label: 'Reports', to: `/reports/${p}`, icon: IconReportAnalytics, sections: ['reports', 'new-report'] },
        { key: 'brands', label: 'Brands', to: `/brands/${p}`, icon: IconBuildingStore, sections: ['brands'] },
        { key: 'projects', label: 'Projects', to: `/projects/${p}`, icon: IconFolders, sections: ['projects'] },
        { key: 'tags', label: 'Tags', to: `/tags/${p}`, icon: IconTags, sections: ['tags'] },
        operatorConsole && { key: 'websites', label: 'Websites', to: '/websites', icon: IconWorldWww, sections: ['websites'] },
        operatorConsole && { key: 'organizations', label: 'Organizations', to: '/operator/organizations', icon: IconBuildingCommunity, sections: ['operator'] },
        can(user, 'supersearch.use') && { key: 'supersearch', label: 'Super Search', to: `/supersearch/${p}`, icon: IconZoomScan, sections: ['supersearch'] },
        { key: 'faq', label: 'FAQ', to: LINKS.faq, icon: IconHelpCircle, external: true, sections: [] },
      ]),
    },
  ];
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const section = pathname.split('/').filter(Boolean)[0] ?? '';
  return item.sections.includes(section);
}
