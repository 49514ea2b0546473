import { alerts, feeds, websites } from '../../server/db/schema/coverage.js';
import { projects } from '../../server/db/schema/workspace.js';
import { eq } from 'drizzle-orm';
import type { TestContext } from './app.js';
import { makeProject } from './factories.js';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A website (media outlet) with a media score. */
export async function makeWebsite(
  ctx: TestContext,
  opts: { domain?: string; reach?: number; language?: string; muv?: number | null; isMetacritic?: boolean; name?: string } = {},
) {
  const [row] = await ctx.deps.db
    .insert(websites)
    .values({
      domain: opts.domain ?? `site-${unique()}.example`,
      name: opts.name ?? null,
      reach: opts.reach ?? 5,
      language: opts.language ?? 'unknown',
      muv: opts.muv ?? null,
      isMetacritic: opts.isMetacritic ?? false,
    })
    .returning();
  return row;
}

/** A feed of `websiteId` at `url`. */
export async function makeFeed(
  ctx: TestContext,
  websiteId: number,
  opts: { url?: string; type?: number; language?: string | null; disabled?: boolean; intervalSeconds?: number; nextCheckAt?: Date } = {},
) {
  const [row] = await ctx.deps.db
    .insert(feeds)
    .values({
      websiteId,
      feed: opts.url ?? `https://feeds-${unique()}.example/rss`,
      type: opts.type ?? 0,
      language: opts.language ?? null,
      disabled: opts.disabled ?? false,
      intervalSeconds: opts.intervalSeconds ?? 1800,
      nextCheckAt: opts.nextCheckAt ?? new Date(),
    })
    .returning();
  return row;
}

/** An alert on a (new, unless given) project of `orgId`, linked from the project. */
export async function makeAlert(
  ctx: TestContext,
  orgId: number,
  opts: {
    keywords: string;
    projectId?: number;
    name?: string;
    minReach?: number;
    active?: boolean;
    slackWebhookUrl?: string | null;
    slackTracking?: boolean;
    discordWebhookUrl?: string | null;
  },
) {
  const projectId = opts.projectId ?? (await makeProject(ctx, orgId)).id;
  const [row] = await ctx.deps.db
    .insert(alerts)
    .values({
      organizationId: orgId,
      projectId,
      name: opts.name ?? `Alert ${unique()}`,
      keywords: opts.keywords,
      minReach: opts.minReach ?? 0.1,
      active: opts.active ?? true,
      slackTracking: opts.slackTracking ?? Boolean(opts.slackWebhookUrl),
      slackWebhookUrl: opts.slackWebhookUrl ?? null,
      discordWebhookUrl: opts.discordWebhookUrl ?? null,
    })
    .returning();
  await ctx.deps.db.update(projects).set({ alertId: row.id }).where(eq(projects.id, projectId));
  return row;
}

/** A feed item as parse-feed.ts produces it. */
export function feedItem(over: Partial<{ url: string; title: string; description: string; author: string | null; published: Date | null; language: string | null; image: string | null; html: string | null }> = {}) {
  return {
    url: over.url ?? `https://news.example/${unique()}`,
    guid: null,
    title: over.title ?? 'A headline',
    description: over.description ?? 'Some text about things.',
    html: over.html ?? null,
    author: over.author ?? null,
    published: over.published === undefined ? new Date() : over.published,
    language: over.language ?? null,
    image: over.image ?? null,
  };
}
