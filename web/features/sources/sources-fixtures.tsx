import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { RankingAttributes } from '../../../common/schemas/reach';
import type {
  DiscoveredFeed,
  SourcePackAttributes,
  SourcesStatusAttributes,
  SourcesSummary,
  WebsiteSuggestionAttributes,
} from '../../../common/schemas/sources';
import { stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';

/** Fixtures and a render helper shared by the sources tests. */

export type Pack = SourcePackAttributes & { id: string };

export function pack(id: string, over: Partial<Pack> = {}): Pack {
  const [category, language] = id.split('-') as [Pack['category'], string];
  return {
    id,
    name: `${category} ${language}`,
    language,
    category,
    enabled: false,
    outlets: 12,
    enabled_outlets: 0,
    feeds: 14,
    enabled_feeds: 0,
    'changed-at': null,
    ...over,
  };
}

export const PACKS: Pack[] = [
  pack('games-en', { outlets: 40 }),
  pack('tech-en', { outlets: 20 }),
  pack('games-de', { outlets: 12, enabled: true, enabled_outlets: 3 }),
  pack('esports-de', { outlets: 5 }),
  pack('games-fr', { outlets: 9 }),
];

export function summary(over: Partial<SourcesSummary> = {}): SourcesSummary {
  return { directory_outlets: 452, directory_languages: 14, packs: 40, enabled_packs: 1, first_run_done: true, ...over };
}

export const packsDoc = (packs: Pack[], meta: SourcesSummary = summary()) => ({
  data: packs.map(({ id, ...attributes }) => ({ type: 'source_pack', id, attributes })),
  meta,
});

export function status(over: Partial<SourcesStatusAttributes> = {}): SourcesStatusAttributes {
  return {
    enabled_outlets: 412,
    enabled_feeds: 530,
    languages: 11,
    last_crawl_at: new Date(Date.now() - 2 * 60_000).toISOString(),
    available_outlets: 40,
    can_suggest: true,
    self_service: false,
    ...over,
  };
}

export const statusDoc = (s: SourcesStatusAttributes) => ({ data: { type: 'sources_status', id: 'current', attributes: s } });

export function discovered(url: string, over: Partial<DiscoveredFeed> = {}): DiscoveredFeed {
  return {
    url,
    title: 'Example News',
    kind: 'rss',
    items: 20,
    last_item_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    websub_hub: null,
    found_by: 'link',
    ...over,
  };
}

export type Suggestion = WebsiteSuggestionAttributes & { id: string };

export function suggestion(id: string, over: Partial<Suggestion> = {}): Suggestion {
  return {
    id,
    url: 'https://example.com',
    domain: 'example.com',
    status: 'pending',
    feeds: [
      discovered('https://example.com/feed'),
      discovered('https://example.com/news-sitemap.xml', { kind: 'news_sitemap', title: null, found_by: 'robots' }),
    ],
    reason: null,
    website_id: null,
    existing: false,
    monitored: false,
    organization_id: '7',
    organization_name: 'Nebula Games',
    'created-at': new Date(Date.now() - 3 * 3600_000).toISOString(),
    'decided-at': null,
    source: 'person',
    articles: 0,
    ...over,
  };
}

export const suggestionDoc = ({ id, ...attributes }: Suggestion) => ({ data: { type: 'website_suggestion', id, attributes } });

/** The traffic ranking (GET operator/ranking): a million-line Tranco list in use, by default. */
export function ranking(over: Partial<RankingAttributes> = {}): RankingAttributes {
  return {
    list_date: '2026-11-20',
    domains: 1_000_000,
    skipped: 3,
    imported_at: new Date(Date.now() - 5 * 3600_000).toISOString(),
    source: 'tranco',
    source_url: 'https://tranco-list.eu/download/XJNYN/1000000',
    tranco_id: 'XJNYN',
    list_url: 'https://tranco-list.eu/list/XJNYN/',
    state: 'ok',
    last_attempt_at: new Date(Date.now() - 5 * 3600_000).toISOString(),
    last_error: null,
    last_attempt_source: 'tranco',
    auto_update: true,
    url_configured: false,
    refresh_hours: 24,
    websites_ranked: 412,
    websites_unranked: 30,
    websites_manual: 2,
    rescored_at: new Date(Date.now() - 5 * 3600_000).toISOString(),
    ...over,
  };
}

/** No list has ever arrived and nothing is switched on. */
export const NO_RANKING = ranking({
  list_date: null,
  domains: 0,
  skipped: 0,
  imported_at: null,
  source: null,
  source_url: null,
  tranco_id: null,
  list_url: null,
  state: 'none',
  last_attempt_at: null,
  last_attempt_source: null,
  auto_update: false,
  websites_ranked: 0,
  websites_unranked: 444,
  websites_manual: 0,
  rescored_at: null,
});

export const rankingDoc = (r: RankingAttributes) => ({ data: { type: 'ranking', id: 'current', attributes: r } });

/** `GET user` for Ada: admin (role 1) or user (2), of the platform operator or not. */
export function userOf(opts: { operator?: boolean; admin?: boolean } = {}) {
  return signedInUserDoc({
    defaultProjectId: '4',
    organization: { capabilities: { platform_operator: opts.operator ?? false } },
    roleId: opts.admin === false ? 2 : 1,
  });
}

export type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** GET user from `user`, then `handler`; anything unexpected answers 404. */
export function serve(user: ReturnType<typeof userOf>, handler: Handler = () => undefined) {
  return stubFetch(async (req) => {
    const answer = await handler(req);
    if (answer) return answer;
    if (req.method === 'GET' && req.url.pathname === '/api/user') return { body: user };
    return {
      status: 404,
      body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${req.url.pathname}` }] },
    };
  });
}

/** Renders with Mantine, toasts, a fresh query client and a router at `path`. */
export function renderSources(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

export const calledWith = (calls: StubRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

/** An error document with a field pointer. */
export const fieldError = (status: number, detail: string, pointer: string) => ({
  status,
  body: { errors: [{ status: String(status), code: 'invalid', title: 'Invalid', detail, source: { pointer } }] },
});
