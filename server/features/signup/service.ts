import { eq, sql } from 'drizzle-orm';
import { TIER } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import type { FreeUserBody } from '../../../common/schemas/signup.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { clients, pendingFeeds, projects } from '../../db/schema/workspace.js';
import { AppError } from '../../http/errors.js';
import { hashPassword } from '../auth/service.js';
import { createOrganization } from '../organizations/service.js';

export type FeedKind = 'articles' | 'videos' | 'streams';
export interface FeedOutcome {
  status: 'PENDING' | 'SKIPPED';
  reason: string;
}

// The coverage, YouTube and Twitch features turn pending feeds into live ones when they exist.
const PENDING_REASON: Record<FeedKind, string> = {
  articles: 'Will start when article alerts are available',
  videos: 'Will start when YouTube feeds are available',
  streams: 'Will start when Twitch feeds are available',
};
const SKIPPED: FeedOutcome = { status: 'SKIPPED', reason: 'Not requested' };

export interface FreeAccount {
  userId: number;
  email: string;
  organizationId: number;
  clientId: number;
  projectId: number;
  feeds: Record<FeedKind, FeedOutcome>;
}

const emailTaken = () => new AppError('conflict', MSG.auth.emailTaken, '/email');

/**
 * Free sign-up: the user (tier Free), an organization on the trial plan with the user as
 * admin, its first brand and project (the user's default), and the alerts asked for, kept as
 * pending feeds. All in one transaction: a failure anywhere writes nothing.
 */
export async function createFreeAccount(db: Db, input: FreeUserBody): Promise<FreeAccount> {
  // Hash before opening the transaction: argon2 is slow on purpose and must not hold a connection.
  const passwordHash = await hashPassword(input.password);
  const feedRequests: { kind: FeedKind; payload: Record<string, unknown> }[] = [];
  if (input.article_alert)
    feedRequests.push({ kind: 'articles', payload: { name: input.article_alert.name || input.project_name, keywords: input.article_alert.keywords } });
  if (input.youtube_alert) feedRequests.push({ kind: 'videos', payload: { keyword: input.youtube_alert.keyword } });
  if (input.twitch_alert)
    feedRequests.push({ kind: 'streams', payload: { keyword: input.twitch_alert.keyword, game_id: input.twitch_alert.game_id } });

  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
      if (existing) throw emailTaken();
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, tierId: TIER.free })
        .returning({ id: users.id, email: users.email });
      const org = await createOrganization(tx, { name: input.organization_name, plan: 'trial', ownerId: user.id });
      const [client] = await tx.insert(clients).values({ organizationId: org.id, name: input.client_name }).returning({ id: clients.id });
      const [project] = await tx
        .insert(projects)
        .values({ organizationId: org.id, clientId: client.id, name: input.project_name })
        .returning({ id: projects.id });
      await tx.update(users).set({ defaultProjectId: project.id, updatedAt: new Date() }).where(eq(users.id, user.id));
      if (feedRequests.length) {
        await tx.insert(pendingFeeds).values(
          feedRequests.map((f) => ({ organizationId: org.id, projectId: project.id, kind: f.kind, payload: f.payload, status: 'pending' })),
        );
      }
      const feeds = { articles: SKIPPED, videos: SKIPPED, streams: SKIPPED } as Record<FeedKind, FeedOutcome>;
      for (const f of feedRequests) feeds[f.kind] = { status: 'PENDING', reason: PENDING_REASON[f.kind] };
      return { userId: user.id, email: user.email, organizationId: org.id, clientId: client.id, projectId: project.id, feeds };
    });
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
    throw err;
  }
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}
