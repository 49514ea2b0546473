import { eq, sql } from 'drizzle-orm';
import { organizations } from '../../db/schema/accounts.js';
import { savedArticles } from '../../db/schema/coverage.js';
import { savedStreams } from '../../db/schema/streams.js';
import { savedVideos } from '../../db/schema/videos.js';
import type { TestContext } from '../../../test/helpers/app.js';
import type { PlanKey } from '../organizations/service.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';

/**
 * Report fixtures for the reports tests: a workspace with tags and saved articles written
 * straight to the table (what the articles feature writes is not under test here).
 */
let seq = 0;

export interface SavedSpec {
  tagId: number;
  date: string;
  language?: string;
  reach?: number;
  muv?: number | null;
  /** Stored estimated views (left out: null, and the report derives them from `muv`). */
  estimatedViews?: number | null;
  websiteId?: number | null;
  host?: string;
  locked?: boolean;
  title?: string;
}

export async function reportWorkspace(ctx: TestContext, opts: { plan?: PlanKey; origin?: string } = {}) {
  const owner = await makeOrg(ctx, { plan: opts.plan ?? 'pro' });
  const project = await makeProject(ctx, owner.org.id, { name: 'Launch Project' });
  const tags = {
    reviews: await makeTag(ctx, owner.org.id, project.id, 'Reviews'),
    news: await makeTag(ctx, owner.org.id, project.id, 'News items'),
    rumours: await makeTag(ctx, owner.org.id, project.id, 'Rumours'),
  };
  // Article pages live on the tests' local site (or an unreachable name): highlight jobs never leave the machine.
  const origin = opts.origin ?? 'http://127.0.0.1:9';
  const save = async (s: SavedSpec) => {
    const n = seq++;
    const url = s.host ? `https://${s.host}/story-${n}` : `${origin}/story-${n}`;
    const [row] = await ctx.deps.db
      .insert(savedArticles)
      .values({
        organizationId: owner.org.id,
        projectId: project.id,
        tagId: s.tagId,
        urlKey: `key-${n}-${Math.random()}`,
        url,
        fullUrl: url,
        title: s.title ?? `Story ${n}`,
        language: s.language ?? 'en',
        reach: s.reach ?? 1,
        muv: s.muv ?? null,
        estimatedViews: s.estimatedViews ?? null,
        websiteId: s.websiteId ?? null,
        date: new Date(s.date),
        locked: s.locked ?? false,
      })
      .returning();
    return row;
  };
  /** A saved video of the project, written straight to the videos feature's table. */
  const saveVideo = async (v: { tagId: number; date: string; title?: string; views?: number; projectId?: number }) => {
    const n = seq++;
    const [row] = await ctx.deps.db
      .insert(savedVideos)
      .values({
        organizationId: owner.org.id,
        projectId: v.projectId ?? project.id,
        tagId: v.tagId,
        youtubeVideoId: `vid${String(n).padStart(8, '0')}`,
        title: v.title ?? `Video ${n}`,
        views: v.views ?? 100,
        thumbnail: `https://i.ytimg.com/vi/vid${n}/mqdefault.jpg`,
        publishedAt: new Date(v.date),
        channelId: 'UCchannel',
        channelTitle: 'Launch Channel',
        channelSubscribers: 5000,
      })
      .returning();
    return row;
  };
  /** A saved stream of the project, written straight to the streams feature's table. */
  const saveStream = async (s: { tagId: number; date: string; title?: string; views?: number }) => {
    const n = seq++;
    const [row] = await ctx.deps.db
      .insert(savedStreams)
      .values({
        organizationId: owner.org.id,
        projectId: project.id,
        tagId: s.tagId,
        twitchVideoId: String(2_000_000 + n),
        title: s.title ?? `Stream ${n}`,
        viewCount: s.views ?? 50,
        followers: 1200,
        publishedAt: new Date(s.date),
        broadcasterName: 'launchcaster',
        url: `https://www.twitch.tv/videos/${2_000_000 + n}`,
      })
      .returning();
    return row;
  };
  return { ...owner, project, tags, save, saveVideo, saveStream };
}

/** A report creation document. */
export function reportBody(projectId: number, attributes: Record<string, unknown>) {
  return {
    data: {
      type: 'report',
      attributes: { name: 'Launch coverage', status: 0, date_start: '2024-03-01', date_end: '2024-03-31', ...attributes },
      relationships: { project: { data: { type: 'project', id: String(projectId) } } },
    },
  };
}

/** Overrides some of the organization's plan permissions (and drops the cached callers). */
export async function setPermissions(ctx: TestContext, orgId: number, patch: Record<string, unknown>) {
  await ctx.deps.db
    .update(organizations)
    .set({ permissions: sql`${organizations.permissions} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(organizations.id, orgId));
  ctx.deps.authenticator.forgetAll();
}

export type ErrorBody = { code: string; detail: string; source?: { pointer?: string; parameter?: string } };
export const pointers = (res: { json(): { errors: ErrorBody[] } }) => Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));

/** Every public endpoint of a report, for a report id and a (highlighted) saved article id. */
export const publicReportPaths = (id: string, article: number) => [
  `/api/p/reports/${id}`,
  `/api/p/reports/${id}/videos`,
  `/api/p/reports/${id}/streams`,
  `/api/p/reports/${id}/creators`,
  `/api/p/reports/${id}/steam`,
  `/api/p/reports/${id}/screenshots/${article}.jpg`,
  `/api/p/screenshots/${article}?report_id=${id}`,
  `/api/p/saved_videos?report_id=${id}`,
  `/api/p/saved_streams?report_id=${id}`,
  `/api/p/articles?filter[report_id]=${id}&page=1&page_size=5000`,
];
