import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import { tags } from '../db/schema/workspace.js';
import { addDemoStreams, createTwitchFeed, recordSeries, saveFeedItems, type StreamSeries } from '../features/streams/service.js';

/** The demo's game: a made-up Twitch category for Nebula Games' Starfall. */
const GAME = { id: '1990000001', name: 'Starfall' };

/** Eight broadcasters of believable sizes (deterministic ids, languages, follower totals). */
const CASTERS: [string, string, number, string][] = [
  ['1990100001', 'NebulaEsports', 184_000, 'en'],
  ['1990100002', 'OrbitOlivia', 62_300, 'en'],
  ['1990100003', 'LaComète', 41_800, 'fr'],
  ['1990100004', 'SternSchnuppeTV', 27_400, 'de'],
  ['1990100005', 'CasterKai', 15_900, 'en'],
  ['1990100006', 'GalaxiaBR', 9_700, 'pt'],
  ['1990100007', 'VoidWalkerJ', 3_200, 'en'],
  ['1990100008', 'TinyTelescope', 640, 'en'],
];

// [kind, title, caster, hours ago, views, duration]; 'live' rows are on air now.
const ITEMS: [string, string, number, number, number, string | null][] = [
  ['live', 'Nebula Cup Grand Final LIVE — Starfall', 0, 2, 8_420, null],
  ['live', 'Nebula Cup watch party + predictions', 1, 1, 1_310, null],
  ['video', 'Nebula Cup Day 3 — full broadcast', 0, 26, 52_300, '7h12m40s'],
  ['video', 'Nebula Cup Day 2 — full broadcast', 0, 50, 61_900, '6h48m02s'],
  ['video', 'Nebula Cup Day 1 — full broadcast', 0, 74, 73_100, '7h02m55s'],
  ['video', 'Nebula Cup qualifiers recap (Starfall)', 1, 96, 12_400, '1h20m11s'],
  ['video', 'Coupe Nebula : la finale commentée en français', 2, 28, 9_800, '5h30m00s'],
  ['video', 'Coupe Nebula — jour 2, les meilleurs moments', 2, 54, 6_100, '42m18s'],
  ['video', 'Nebula Cup: Finale auf Deutsch', 3, 30, 5_200, '5h05m37s'],
  ['video', 'Nebula Cup Tag 1 — Highlights', 3, 78, 3_900, '28m44s'],
  ['video', 'Casting the Nebula Cup semis — my notes', 4, 60, 2_700, '3h15m09s'],
  ['video', 'Nebula Cup scrims with pro teams', 4, 140, 1_950, '4h01m30s'],
  ['video', 'Copa Nebula: final ao vivo (PT-BR)', 5, 32, 2_300, '5h22m10s'],
  ['video', 'Copa Nebula: melhores jogadas', 5, 102, 1_100, '18m05s'],
  ['video', 'Nebula Cup underdog run — can we qualify?', 6, 120, 880, '3h44m12s'],
  ['video', 'Starfall ranked grind before the Nebula Cup', 6, 200, 540, '2h58m47s'],
  ['video', 'Nebula Cup open bracket, first match ever', 7, 180, 210, '1h12m30s'],
  ['video', 'Nebula Cup bracket reactions', 1, 160, 4_600, '2h10m00s'],
  ['video', 'Nebula Cup announcement & team reveals', 0, 300, 38_500, '1h05m21s'],
  ['video', 'Nebula Cup practice VOD — new meta', 4, 250, 1_400, '3h30m00s'],
];

const MINUTE = 60_000;

/** '7h12m40s' → milliseconds. */
function durationMs(duration: string): number {
  const [, h = '0', m = '0', s = '0'] = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration) ?? [];
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000;
}

/**
 * A believable audience for a stream of `lengthMs` from `startedAt`, one sample every 5 minutes
 * (the polls' pace) until `until`: viewers rise, peak a little before the middle and fall off,
 * with a small deterministic wobble. `peak` is the curve's top.
 */
export function demoViewers(startedAt: number, lengthMs: number, until: number, peak: number, seed: number): { at: number; viewers: number }[] {
  const out: { at: number; viewers: number }[] = [];
  for (let at = startedAt + 5 * MINUTE; at <= until; at += 5 * MINUTE) {
    const x = Math.min(1, ((at - startedAt) / lengthMs) * 1.1);
    const shape = 0.3 + 0.7 * Math.sin(Math.PI * x) ** 0.7;
    const wobble = 1 + 0.06 * Math.sin(seed * 7 + at / (17 * MINUTE));
    out.push({ at, viewers: Math.max(1, Math.round(peak * shape * wobble)) });
  }
  return out;
}

/**
 * The demo's streams (see seedDemoWorkspace): a Twitch feed "Nebula Cup" on the made-up game
 * Starfall for Nebula Esports, with 20 streams and videos from 8 broadcasters over two weeks
 * (two live now), and three of them saved under Tournament coverage. Written through the streams
 * feature's service; nothing reaches Twitch (the game name is given; no credentials needed).
 */
export async function seedDemoStreams(tx: Tx, p: { orgId: number; launchId: number; esportsId: number }, now = new Date()): Promise<void> {
  // createTwitchFeed reads the configuration only for its ACTIVE/PENDING answer (and a game name
  // lookup the seed does not need); the seed's signature carries no configuration.
  const statusOnly = { twitch: {} } as unknown as Config;
  const feed = await createTwitchFeed(tx, p.orgId, { projectId: p.esportsId, keyword: 'Nebula', gameId: GAME.id, gameName: GAME.name }, statusOnly, { now });
  const login = (name: string) =>
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9_]/g, '');
  const channels = CASTERS.map(([id, name, followers]) => ({
    id,
    login: login(name),
    displayName: name,
    profileImageUrl: `https://static-cdn.jtvnw.net/jtv_user_pictures/${login(name)}-profile_image-70x70.png`,
    followers,
  }));
  const items = ITEMS.map(([kind, title, caster, hoursAgo, views, duration], i) => {
    const [broadcasterId, name, , language] = CASTERS[caster];
    const id = String(1990200000 + i);
    const live = kind === 'live';
    return {
      kind: live ? 'stream' : 'video',
      twitchId: id,
      twitchVideoId: live ? null : id,
      // A video records a stream: its own id, whose samples the demo writes below.
      twitchStreamId: live ? id : String(1990300000 + i),
      broadcasterId,
      gameId: GAME.id,
      title,
      description: live ? '' : `${title}. Starfall esports by ${name}.`,
      url: live ? `https://www.twitch.tv/${login(name)}` : `https://www.twitch.tv/videos/${id}`,
      thumbnailUrl: live
        ? `https://static-cdn.jtvnw.net/previews-ttv/live_user_${login(name)}-{width}x{height}.jpg`
        : `https://static-cdn.jtvnw.net/cf_vods/demo/${id}/thumb/thumb0-%{width}x%{height}.jpg`,
      viewCount: views,
      language,
      duration,
      tags: live ? ['Esports', language === 'en' ? 'English' : language.toUpperCase()] : [],
      publishedAt: new Date(now.getTime() - hoursAgo * 3600_000),
      live,
    };
  });
  const itemIds = await addDemoStreams(tx, p.orgId, feed.id, channels, items, now);
  // Viewer samples as the polls would have taken them: live streams on air since they started
  // (planned for six hours), videos over their whole broadcast (peak about a ninth of the views).
  const series: StreamSeries[] = items.map((item, i) => {
    const startedAt = item.publishedAt.getTime();
    const [, , , , views, duration] = ITEMS[i];
    const lengthMs = duration ? durationMs(duration) : 6 * 3_600_000;
    const endAt = item.live ? now.getTime() : startedAt + lengthMs;
    return {
      id: item.twitchStreamId!,
      broadcasterId: item.broadcasterId,
      startedAt: item.publishedAt,
      samples: demoViewers(startedAt, lengthMs, endAt, item.live ? views * 1.4 : views / 9, i),
      goneAt: item.live ? undefined : endAt + 2 * MINUTE,
    };
  });
  await recordSeries(tx, GAME.id, series);
  const [tag] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.organizationId, p.orgId), eq(tags.projectId, p.esportsId), eq(tags.name, 'Tournament coverage')));
  // Newest first: the grand final (live), then Day 3 and the French final.
  if (tag) await saveFeedItems(tx, p.orgId, { feedId: feed.id, itemIds: [itemIds[1], itemIds[2], itemIds[3]].filter(Boolean), tagId: tag.id });
}
