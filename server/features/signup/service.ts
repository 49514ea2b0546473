import { TIER } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { typedTermsToKeywords } from '../../../common/query/simple.js';
import type { FreeUserBody } from '../../../common/schemas/signup.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { backfillAlert, createAlert } from '../alerts/service.js';
import { findUserIdByEmail, hashPassword, insertUser, updateUserRow } from '../auth/service.js';
import { ensureCustomer } from '../billing/service.js';
import { queueEmailVerification } from '../identity/service.js';
import { createClient } from '../clients/service.js';
import { createOrganization } from '../organizations/service.js';
import { createProject } from '../projects/service.js';
import { createTwitchFeed } from '../streams/service.js';
import { createYoutubeFeed } from '../videos/service.js';

export type FeedKind = 'articles' | 'videos' | 'streams';
/** data.feeds.* of POST p/free_user: ACTIVE (running), PENDING (waits for the service's credentials), FAILED, SKIPPED. */
export type FeedStatus = 'PENDING' | 'ACTIVE' | 'FAILED' | 'SKIPPED';
export interface FeedOutcome {
  status: FeedStatus;
  reason: string;
}

const SKIPPED: FeedOutcome = { status: 'SKIPPED', reason: 'Not requested' };
export const ARTICLES_ACTIVE = 'Watching for new articles';
const articlesFound = (n: number) => `Watching for new articles; ${n} ${n === 1 ? 'article' : 'articles'} from the last two months found`;

export interface FreeAccount {
  userId: number;
  email: string;
  organizationId: number;
  clientId: number;
  projectId: number;
  /** The project's article alert, when one was asked for and its keywords were usable. */
  alertId: number | null;
  feeds: Record<FeedKind, FeedOutcome>;
}

export interface FreeAccountOptions {
  /** The server's configuration: whether YouTube and Twitch are connected decides ACTIVE or PENDING. */
  config: Config;
  /** Where the e-mailed verification link points (`{base}/verify-email/{token}`): PUBLIC_URL or the request's origin. */
  linkBaseUrl: string;
  /** Called when filling the new alert's feed from the archive fails; the sign-up succeeds anyway. */
  onBackfillError?: (err: unknown) => void;
  /** Called when creating the organization's Stripe customer fails; the sign-up succeeds anyway (the hourly billing job retries). */
  onCustomerError?: (err: unknown) => void;
}

/**
 * Runs one feed's creation in a savepoint: a refusal (4xx: a keyword the service will not take)
 * fails that feed, not the account, and leaves the transaction usable; anything else aborts the
 * sign-up.
 */
async function startFeed(tx: Tx, create: (sp: Tx) => Promise<{ status: 'ACTIVE' | 'PENDING'; reason: string }>): Promise<FeedOutcome> {
  try {
    const { status, reason } = await tx.transaction((sp) => create(sp));
    return { status, reason };
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500) return { status: 'FAILED', reason: err.message };
    throw err;
  }
}

const emailTaken = () => new AppError('conflict', MSG.auth.emailTaken, '/email');

/**
 * Free sign-up: the user (tier Free), an organization on the trial plan with the user as
 * admin, its first brand and project (the user's default), the project's article alert, and
 * the YouTube and Twitch feeds asked for (created by their features' services: ACTIVE when the
 * server has the credentials, PENDING until it does). All in one transaction: a failure anywhere
 * writes nothing, except unusable keywords, which only fail that alert or feed (FAILED with the
 * reason). The address confirmation e-mail is queued with the account (the outbox is
 * transactional, so it is sent only once the account exists). After commit the organization gets its Stripe customer (when billing is connected) and
 * the alert's feed is filled from the archive.
 */
export async function createFreeAccount(db: Db, input: FreeUserBody, opts: FreeAccountOptions): Promise<FreeAccount> {
  // Hash before opening the transaction: argon2 is slow on purpose and must not hold a connection.
  const passwordHash = await hashPassword(input.password);

  let account: FreeAccount;
  try {
    account = await db.transaction(async (tx) => {
      if (await findUserIdByEmail(tx, input.email)) throw emailTaken();
      const user = await insertUser(tx, { name: input.name, email: input.email, passwordHash, tierId: TIER.free });
      const org = await createOrganization(tx, { name: input.organization_name, plan: 'trial', ownerId: user.id });
      const client = await createClient(tx, org.id, { name: input.client_name });
      const project = await createProject(tx, org.id, { clientId: client.id, name: input.project_name });
      await updateUserRow(tx, user.id, { defaultProjectId: project.id });
      // The confirmation e-mail is an outbox row: written with the account, sent after commit by the
      // mail job. The account works at once; the app's banner asks for the click.
      await queueEmailVerification(tx, { id: user.id, name: input.name, email: user.email }, opts.linkBaseUrl);
      const feeds = { articles: SKIPPED, videos: SKIPPED, streams: SKIPPED } as Record<FeedKind, FeedOutcome>;
      let alertId: number | null = null;
      if (input.article_alert) {
        const name = input.article_alert.name || input.project_name;
        // The person typed names, not a query: `Aurora Interactive` is that name (issue 11).
        const keywords = typedTermsToKeywords(input.article_alert.keywords);
        try {
          // Backfill waits for the commit: the archive scan must not hold the sign-up's locks.
          alertId = (await createAlert(tx, org.id, { projectId: project.id, name, keywords }, { backfill: false })).id;
          feeds.articles = { status: 'ACTIVE', reason: ARTICLES_ACTIVE };
        } catch (err) {
          // Keywords the query parser refuses (zod only checks the length) fail this alert, not the account.
          if (!(err instanceof AppError) || err.status !== 422) throw err;
          feeds.articles = { status: 'FAILED', reason: err.message };
        }
      }
      const youtube = input.youtube_alert;
      if (youtube) feeds.videos = await startFeed(tx, (sp) => createYoutubeFeed(sp, org.id, { projectId: project.id, keyword: youtube.keyword }, opts.config));
      const twitch = input.twitch_alert;
      if (twitch) {
        feeds.streams = await startFeed(tx, (sp) =>
          // Without a keyword the feed follows every live stream of the game.
          createTwitchFeed(sp, org.id, { projectId: project.id, keyword: twitch.keyword ?? '', gameId: twitch.game_id }, opts.config),
        );
      }
      return { userId: user.id, email: user.email, organizationId: org.id, clientId: client.id, projectId: project.id, alertId, feeds };
    });
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
    throw err;
  }
  // After commit: a Stripe call must not hold the sign-up's transaction, and Stripe being down must
  // not cost us the sign-up.
  try {
    await ensureCustomer({ db, config: opts.config }, account.organizationId);
  } catch (err) {
    opts.onCustomerError?.(err);
  }
  if (account.alertId !== null) {
    try {
      const { matched } = await backfillAlert(db, account.organizationId, account.alertId);
      if (matched > 0) account.feeds.articles = { status: 'ACTIVE', reason: articlesFound(matched) };
    } catch (err) {
      // The alert is live either way: new articles reach its feed as they are crawled.
      opts.onBackfillError?.(err);
    }
  }
  return account;
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}
