import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { tags } from '../db/schema/workspace.js';
import { addDemoVideos, createYoutubeFeed, saveKnownVideo, type IngestVideo, type YoutubeChannel } from '../features/videos/service.js';
import type { Config } from '../config.js';

/** Eight channels of believable sizes and places (deterministic). */
const CHANNELS: [string, string, number | null, string, string][] = [
  ['UCsfGameSpotlight0000001', 'Game Spotlight', 2_450_000, 'US', 'en'],
  ['UCsfPixelPilgrim00000002', 'Pixel Pilgrim', 386_000, 'GB', 'en'],
  ['UCsfLaManetteBleue000003', 'La Manette Bleue', 512_000, 'FR', 'fr'],
  ['UCsfSpieleZeit0000000004', 'SpieleZeit', 241_000, 'DE', 'de'],
  ['UCsfNoScopeNadia00000005', 'NoScope Nadia', 97_400, 'CA', 'en'],
  ['UCsfJogandoJunto00000006', 'Jogando Junto', 158_000, 'BR', 'pt'],
  ['UCsfCoopCouchCast0000007', 'Co-op Couch Cast', 18_900, 'AU', 'en'],
  ['UCsfIndieLanternX0000008', 'Indie Lantern', null, 'US', 'en'],
];

/** Titles by kind; the channel index and the hours before now make each video distinct. */
const VIDEOS: [string, number, number, number, string][] = [
  // [title, channel, hours ago, views, kind]
  ['Starfall — Official Launch Trailer Reaction', 0, 6, 184_000, 'reaction'],
  ['Starfall Review: Nebula Games Finally Nailed It', 0, 30, 512_000, 'review'],
  ['Starfall Tips: 12 Things I Wish I Knew Before Starting', 1, 44, 96_300, 'guide'],
  ['Starfall Review – Is It Worth Your Time?', 1, 70, 141_000, 'review'],
  ['Starfall : le test complet (sans spoilers)', 2, 52, 88_700, 'review'],
  ['Starfall – mes premières heures, gros coup de cœur', 2, 140, 61_200, 'preview'],
  ['Starfall im Test: Das Weltraum-Abenteuer des Jahres?', 3, 80, 73_900, 'review'],
  ['Starfall angespielt – Vorschau auf die Kampagne', 3, 260, 40_100, 'preview'],
  ['Starfall ranked first impressions + best loadout', 4, 20, 35_800, 'guide'],
  ["I played 10 hours of Starfall so you don't have to", 4, 98, 52_400, 'opinion'],
  ['Starfall – Análise: vale a pena?', 5, 66, 47_300, 'review'],
  ['Starfall gameplay PT-BR: primeira hora', 5, 190, 22_800, 'gameplay'],
  ['Starfall co-op night: we broke the physics', 6, 12, 8_400, 'gameplay'],
  ['Starfall co-op guide: roles that actually work', 6, 150, 11_900, 'guide'],
  ['Starfall preview: hands-on with the first three worlds', 0, 330, 221_000, 'preview'],
  ['Starfall — Everything we know before launch', 1, 400, 64_700, 'preview'],
  ['Starfall devs interview: how Nebula built the orbital cities', 7, 110, 6_100, 'interview'],
  ['Starfall soundtrack is unreal (listening session)', 7, 230, 3_900, 'opinion'],
  ['Starfall PC performance: settings that matter', 1, 120, 58_000, 'guide'],
  ['Starfall beta impressions – what needs fixing', 4, 470, 29_600, 'preview'],
  ['Starfall photo mode is incredible', 2, 300, 19_400, 'opinion'],
  ['Starfall: Nebula Games gameplay deep dive', 0, 420, 304_000, 'preview'],
  ['Starfall Speedrun Any% attempts', 4, 8, 14_200, 'gameplay'],
  ['Starfall – Die besten Tipps für Einsteiger', 3, 36, 27_500, 'guide'],
  ['Starfall launch day stream highlights', 6, 26, 5_300, 'gameplay'],
];

/** Deterministic 11-character ids from the video's index. */
const videoIdOf = (i: number) => `sfDemo${String(i).padStart(5, '0')}`;

/**
 * The demo's videos (see seedDemoWorkspace): a YouTube feed "Starfall" for Starfall Launch with
 * 25 videos from 8 channels over the last three weeks, and four of them saved under the
 * project's Reviews and Previews tags. Written through the videos feature's service; no quota is
 * spent and nothing is polled without a key.
 */
export async function seedDemoVideos(tx: Tx, p: { orgId: number; launchId: number; esportsId: number }, now = new Date()): Promise<void> {
  // createYoutubeFeed reads the configuration only for its ACTIVE/PENDING answer, which the seed
  // does not show; the seed's signature (seed.ts) carries no configuration.
  const statusOnly = { youtube: { apiKey: undefined } } as unknown as Config;
  const feed = await createYoutubeFeed(tx, p.orgId, { projectId: p.launchId, keyword: 'Starfall' }, statusOnly);
  const channels: YoutubeChannel[] = CHANNELS.map(([id, title, subscribers, country, language]) => ({
    id,
    title,
    thumbnail: null,
    customUrl: `@${title.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    country,
    language,
    subscribers,
    hiddenSubscribers: subscribers === null,
  }));
  const videos: IngestVideo[] = VIDEOS.map(([title, channel, hoursAgo, views, kind], i) => ({
    videoId: videoIdOf(i),
    channelId: CHANNELS[channel][0],
    channelTitle: CHANNELS[channel][1],
    title,
    description: `${title}. ${kind === 'review' ? 'Our full verdict on' : 'More on'} Starfall by Nebula Games.`,
    thumbnail: `https://i.ytimg.com/vi/${videoIdOf(i)}/mqdefault.jpg`,
    publishedAt: new Date(now.getTime() - hoursAgo * 3600_000),
    views,
    likes: Math.round(views * 0.04),
    comments: Math.round(views * 0.004),
    language: CHANNELS[channel][4],
    liveBroadcastContent: 'none',
    withStats: true,
  }));
  await addDemoVideos(tx, p.orgId, feed.id, channels, videos, now);
  const tagRows = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.organizationId, p.orgId), eq(tags.projectId, p.launchId), inArray(tags.name, ['Reviews', 'Previews'])));
  const tag = (name: string) => tagRows.find((t) => t.name === name);
  const saves: [string, number][] = [
    ['Reviews', 1],
    ['Reviews', 4],
    ['Reviews', 6],
    ['Previews', 14],
  ];
  for (const [name, index] of saves) {
    const t = tag(name);
    if (t) await saveKnownVideo(tx, p.orgId, { id: t.id, projectId: t.projectId }, videoIdOf(index));
  }
}
