import type { CoverageAttributes } from '../../../common/schemas/coverage';
import type { SteamApp, SteamSummaryAttributes } from '../../../common/schemas/steam';

/** Test data of the Steam panels: a three-day period. */
export const DAYS = ['2024-03-01', '2024-03-02', '2024-03-03'];

export function coverageAttrs(over: Partial<CoverageAttributes> = {}): CoverageAttributes {
  return {
    period: { from: DAYS[0], to: DAYS[2] },
    days: [
      { day: DAYS[0], press: 3, gdelt: 1, youtube: 2, twitch: 0 },
      { day: DAYS[1], press: 0, gdelt: 0, youtube: 0, twitch: 1 },
      { day: DAYS[2], press: 1200, gdelt: 5, youtube: 4, twitch: 2 },
    ],
    totals: { press: 1203, gdelt: 6, youtube: 6, twitch: 3 },
    sources: ['press', 'gdelt', 'youtube', 'twitch'],
    ...over,
  };
}

export function steamApp(over: Partial<SteamApp> = {}): SteamApp {
  return {
    app_id: 620,
    name: 'Portal 2',
    state: 'ok',
    message: null,
    store_url: 'https://store.steampowered.com/app/620/',
    news_checked_at: '2024-03-03T10:00:00Z',
    reviews_checked_at: '2024-03-03T10:00:00Z',
    total_reviews: 19862,
    total_positive: 18342,
    review_score_desc: 'Very Positive',
    ...over,
  };
}

export function steamAttrs(over: Partial<SteamSummaryAttributes> = {}): SteamSummaryAttributes {
  return {
    period: { from: DAYS[0], to: DAYS[2] },
    apps: [steamApp()],
    events: [
      {
        id: 'e1',
        app_id: 620,
        date: '2024-03-02T15:00:00Z',
        day: DAYS[1],
        title: 'Patch 1.1 is out',
        url: 'https://store.steampowered.com/news/app/620/view/1',
      },
    ],
    reviews: [
      { day: DAYS[0], reviews: 1000, positive: 870, share_positive: 0.87 },
      { day: DAYS[1], reviews: 0, positive: 0, share_positive: null },
      { day: DAYS[2], reviews: 234, positive: 204, share_positive: 204 / 234 },
    ],
    totals: { reviews: 1234, positive: 1074, share_positive: 1074 / 1234, events: 1 },
    reviews_since: null,
    ...over,
  };
}

export const steamDocument = (attrs: SteamSummaryAttributes) => ({ data: { type: 'steam-summary', id: '3', attributes: attrs } });
export const coverageDocument = (attrs: CoverageAttributes) => ({ data: { type: 'coverage', id: '3', attributes: attrs } });
