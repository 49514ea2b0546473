import type { Tx } from '../db/client.js';
import { updateProject } from '../features/projects/service.js';
import { storeAppSnapshot } from '../features/steam/service.js';
import { launchDate } from './seed-coverage-data.js';

/**
 * The demo's Steam game (issue 31): Starfall Launch follows "Starfall" on Steam, with the
 * developer's announcements around the launch and each day's reviews since — a launch spike,
 * the 1.1 update's bump and a dip after a buggy patch — so the overview's coverage chart shows its
 * events and the reviews under it. The app id is not a real Steam game: the worker is held off it
 * for a century (a project that names a real app is read from Steam as usual).
 */
export const DEMO_STEAM_APP = { appId: 3_999_990, name: 'Starfall' } as const;

const DAY = 86_400_000;

/** A small deterministic generator (the demo is the same on every machine). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedDemoSteam(tx: Tx, p: { orgId: number; launchId: number }, now = new Date()): Promise<void> {
  await updateProject(tx, p.orgId, p.launchId, { steamAppIds: [DEMO_STEAM_APP.appId] });
  const launch = launchDate('starfall', now).getTime();
  const at = (daysFromLaunch: number, hour = 17) => new Date(launch + daysFromLaunch * DAY + hour * 3600_000);
  const post = (gid: string, title: string, days: number, contents: string) => ({
    gid,
    title,
    url: `https://store.steampowered.com/news/app/${DEMO_STEAM_APP.appId}/view/${gid}`,
    isExternal: false,
    author: 'Starfall team',
    contents,
    feedLabel: 'Community Announcements',
    feedName: 'steam_community_announcements',
    feedType: 1,
    date: at(days),
    announcement: true,
  });
  const news = [
    post('5110000000000000001', 'Starfall launches on ' + at(0).toISOString().slice(0, 10) + ': wishlist now', -9, 'The date is set.'),
    post('5110000000000000002', 'Starfall is out now on Steam', 0, 'Thank you for playing.'),
    post('5110000000000000003', 'Patch 1.0.2: stability fixes', 3, 'Crash fixes on older GPUs.'),
    post('5110000000000000004', 'Patch 1.0.3 rolled back: a save bug', 9, 'We are sorry.'),
    post('5110000000000000005', 'Starfall 1.1: the Nebula update', 21, 'A new region, photo mode and more.'),
    post('5110000000000000006', 'The Winter Festival begins', 35, 'Double rewards all week.'),
  ].filter((n) => n.date.getTime() <= now.getTime());

  // Reviews a day: the launch spike decaying, a bump at 1.1 and the festival; the share positive
  // dips for the days of the buggy patch.
  const rnd = random(31);
  const reviews = [];
  let id = 180_000_000n;
  for (let d = 0; launch + d * DAY <= now.getTime(); d++) {
    const base = 420 * Math.exp(-d / 6) + 35;
    const bump = d >= 21 && d <= 26 ? 140 * Math.exp(-(d - 21) / 2) : d >= 35 && d <= 38 ? 60 : 0;
    const n = Math.round((base + bump) * (0.85 + rnd() * 0.3));
    const positive = d >= 9 && d <= 11 ? 0.58 : d >= 21 ? 0.88 : 0.82;
    for (let i = 0; i < n; i++) {
      const created = new Date(launch + d * DAY + Math.floor(rnd() * DAY));
      if (created.getTime() > now.getTime()) continue;
      reviews.push({ id: String(id++), createdAt: created, votedUp: rnd() < positive });
    }
  }
  const up = reviews.filter((r) => r.votedUp).length;
  await storeAppSnapshot(tx, {
    appId: DEMO_STEAM_APP.appId,
    name: DEMO_STEAM_APP.name,
    news,
    reviews,
    // The store's all-time figures: the reviews read, and those of the launch week's other purchase types.
    summary: { totalReviews: reviews.length + 312, totalPositive: up + 251, totalNegative: reviews.length - up + 61, reviewScoreDesc: 'Very Positive' },
    readAt: now,
    holdUntil: new Date(now.getTime() + 100 * 365 * DAY),
  });
}
