import { and, count, eq, isNotNull, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { MSG } from '../../../common/messages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { oidcLogins, userIdentities, users } from '../../db/schema/accounts.js';
import type { Authenticator } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { createSession } from '../auth/service.js';
import { issueUserToken, markUserTokenUsed, requireUserToken } from './service.js';

/*
 * OpenID Connect login beside local accounts (authorization code + PKCE S256, state and nonce).
 * SSO never creates accounts: a person must already exist (a sign-up or an invitation put them in
 * an organization). A provider login reaches a local user either through an identity linked
 * before (issuer + subject) or, the first time, through the e-mail address — and only when the
 * provider vouches for that address (email_verified) AND the local account confirmed it too, so
 * that neither an unverified address at the provider nor an account someone pre-registered with
 * another person's address can be taken over.
 *
 * Discovery uses openid-client's own fetch, not server/net's guarded client: the issuer is the
 * operator's configuration, trusted like STRIPE_API_URL, never a URL a user typed.
 */

/** A login in progress lives this long (provider login page included). */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/**
 * Logins started and not finished, across everyone, kept at most (each is a row for ten minutes):
 * the start is public, so without a bound anyone could fill the table. Far above what an
 * organization signing in at nine o'clock starts; past it a start is refused with a message.
 */
export const MAX_PENDING_OIDC_LOGINS = 20_000;
/** How long a finished login's hand-off waits for /loading/callback to exchange it. */
export const SSO_HANDOFF_TTL_MS = 2 * 60_000;
/** Discovery metadata is fetched again after this long (a provider may add endpoints or keys). */
const DISCOVERY_TTL_MS = 60 * 60_000;
const HTTP_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** A login that cannot finish; the message is the sentence /login?sso_error= shows. */
export class SsoError extends Error {}

export interface OidcProvider {
  readonly enabled: boolean;
  readonly label: string;
  /** The provider's metadata from discovery: fetched on first use and cached; a failure is retried on the next call. */
  configuration(): Promise<client.Configuration>;
}

/** Plain HTTP is tolerated only for a provider on this machine (tests, local development). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The provider configured by OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET (disabled without issuer and client id). */
export function createOidcProvider(config: Pick<Config, 'oidc'>): OidcProvider {
  const { issuer, clientId, clientSecret, label } = config.oidc;
  let cached: { at: number; configuration: Promise<client.Configuration> } | null = null;
  return {
    enabled: Boolean(issuer && clientId),
    label,
    configuration() {
      if (!issuer || !clientId) return Promise.reject(new SsoError(MSG.oidc.notConfigured));
      if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
      const url = new URL(issuer);
      const configuration = client
        .discovery(
          url,
          clientId,
          undefined,
          // A confidential client authenticates with HTTP Basic (the OIDC default); without a secret it is a public client (PKCE only).
          clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
          { timeout: HTTP_TIMEOUT_SECONDS, execute: isLoopbackHttp(url) ? [client.allowInsecureRequests] : [] },
        )
        .catch((err: unknown) => {
          cached = null;
          throw err;
        });
      cached = { at: Date.now(), configuration };
      return configuration;
    },
  };
}

/** A `return_to` this app may send the browser to: a local path (one leading slash, no scheme or host, no backslash). */
export function isSafeReturnTo(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  return /^\/(?![/\\])/.test(value) && !/[\\\s\u0000-\u001f\u007f]/.test(value) && value.length <= 2000;
}

/** The shape randomState() gives (base64url); anything else cannot be a login of ours and never reaches the database. */
const STATE_SHAPE = /^[\w-]{16,128}$/;

/** The provider's metadata, with a reachable-provider failure turned into the sentence the login page shows. */
async function providerConfiguration(provider: OidcProvider): Promise<client.Configuration> {
  try {
    return await provider.configuration();
  } catch (err) {
    if (err instanceof SsoError) throw err;
    throw new SsoError(MSG.oidc.unreachable(provider.label), { cause: err });
  }
}

/**
 * Starts a login: keeps state, nonce and PKCE verifier for ten minutes and returns the
 * provider's authorization URL. Expired logins of anyone are swept here, so the table stays small
 * without a job; at MAX_PENDING_OIDC_LOGINS a start is refused.
 */
export async function startOidcLogin(
  db: Db,
  provider: OidcProvider,
  input: { redirectUri: string; returnTo: string | null },
  now = new Date(),
): Promise<{ url: URL; state: string }> {
  const configuration = await providerConfiguration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  const [{ pending }] = await db.select({ pending: count() }).from(oidcLogins);
  if (pending >= MAX_PENDING_OIDC_LOGINS) throw new SsoError(MSG.oidc.tooManyPending);
  await db.insert(oidcLogins).values({
    state,
    nonce,
    codeVerifier,
    returnTo: input.returnTo,
    expiresAt: new Date(now.getTime() + OIDC_LOGIN_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, state };
}

interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** Exchanges the code (PKCE, state, nonce, issuer, audience checked by openid-client) and reads who signed in. */
async function redeemCode(
  configuration: client.Configuration,
  label: string,
  callbackUrl: URL,
  login: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderPerson> {
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    let email: unknown = claims.email;
    let verified: unknown = claims.email_verified;
    // Many providers keep profile claims out of the ID token: ask userinfo (bound to the same subject).
    if (typeof email !== 'string' || verified === undefined) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof email === 'string' ? email : info.email;
      verified = verified ?? info.email_verified;
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof email === 'string' && email.includes('@') ? email.trim() : null,
      // Some providers send the claim as a string.
      emailVerified: verified === true || verified === 'true',
    };
  } catch (err) {
    if (err instanceof client.AuthorizationResponseError) throw new SsoError(MSG.oidc.refused(label), { cause: err });
    if (err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) {
      throw new SsoError(MSG.oidc.unreachable(label), { cause: err });
    }
    throw new SsoError(MSG.oidc.invalidAnswer(label), { cause: err });
  }
}

/**
 * The local user this provider login belongs to: the linked identity, else a first link by an
 * address both sides verified. Never creates a user.
 */
async function resolveUser(db: Db, person: ProviderPerson, label: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .update(userIdentities)
      .set({ lastLoginAt: now, email: person.email })
      .where(and(eq(userIdentities.issuer, person.issuer), eq(userIdentities.subject, person.subject)))
      .returning({ userId: userIdentities.userId });
    if (linked) return linked.userId;

    if (!person.email) throw new SsoError(MSG.oidc.noEmail(label));
    if (!person.emailVerified) throw new SsoError(MSG.oidc.unverifiedEmail(person.email));
    const [local] = await tx
      .select({ id: users.id, verified: isNotNull(users.emailVerifiedAt) })
      .from(users)
      .where(sql`lower(${users.email}) = ${person.email.toLowerCase()}`);
    if (!local) throw new SsoError(MSG.oidc.noAccount(person.email));
    if (!local.verified) throw new SsoError(MSG.oidc.accountUnverified(person.email));
    // Two callbacks of one subject racing: the second finds the row the first inserted.
    await tx
      .insert(userIdentities)
      .values({ userId: local.id, issuer: person.issuer, subject: person.subject, email: person.email, lastLoginAt: now })
      .onConflictDoNothing({ target: [userIdentities.issuer, userIdentities.subject] });
    const [row] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, person.issuer), eq(userIdentities.subject, person.subject)));
    return row.userId;
  });
}

/**
 * Finishes a login from the provider's redirect: the state is consumed first (single use, even
 * when the rest fails), then the code is redeemed and the person matched to a local user. The
 * answer is not a session but a hand-off: a single-use secret (two minutes) that the route puts
 * in an HttpOnly cookie and /loading/callback exchanges for the session (redeemSsoHandoff). A
 * session token in the address could be planted in someone else's browser (a link signing them
 * into the sender's account: login CSRF); the cookie cannot. Throws SsoError with the sentence to show.
 */
export async function finishOidcLogin(
  deps: { db: Db },
  provider: OidcProvider,
  input: { query: URLSearchParams; redirectUri: string },
  now = new Date(),
): Promise<{ handoff: string; returnTo: string | null }> {
  const state = input.query.get('state');
  const [login] = state && STATE_SHAPE.test(state) ? await deps.db.delete(oidcLogins).where(eq(oidcLogins.state, state)).returning() : [];
  if (!login || login.expiresAt <= now) throw new SsoError(MSG.oidc.loginExpired);

  const configuration = await providerConfiguration(provider);
  const callbackUrl = new URL(input.redirectUri);
  callbackUrl.search = input.query.toString();
  const person = await redeemCode(configuration, provider.label, callbackUrl, login);
  const userId = await resolveUser(deps.db, person, provider.label, now);
  const handoff = await deps.db.transaction((tx) =>
    issueUserToken(tx, { userId, kind: 'sso_handoff', email: person.email ?? '', ttlMs: SSO_HANDOFF_TTL_MS, now }),
  );
  return { handoff, returnTo: login.returnTo };
}

/**
 * The session of a finished single sign-on, for the browser holding its hand-off cookie: the
 * secret is spent in the same transaction that finds it (two tabs racing cannot both pass), then
 * the user gets a session like a password login. Unknown, spent or expired → SsoError.
 */
export async function redeemSsoHandoff(
  deps: { db: Db; authenticator: Authenticator; config: Config },
  handoff: string,
  userAgent?: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const userId = await deps.db.transaction(async (tx) => {
    const row = await requireUserToken(
      tx,
      'sso_handoff',
      handoff,
      { unknown: MSG.oidc.loginExpired, expired: MSG.oidc.loginExpired },
      { now, lock: true },
    ).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (!row) return null;
    await markUserTokenUsed(tx, row.id, now);
    return row.userId;
  });
  if (userId === null) throw new SsoError(MSG.oidc.loginExpired);
  return createSession(deps.db, deps.authenticator, deps.config, userId, userAgent);
}

/**
 * Where the web's logout sends the browser after the local session ended: the provider's
 * end-session endpoint (RP-initiated logout, identified by client_id) returning to
 * /authentication/basic/logout, or null when the provider has none or cannot be reached.
 */
export async function oidcLogoutUrl(provider: OidcProvider, postLogoutRedirectUri: string): Promise<URL | null> {
  if (!provider.enabled) return null;
  try {
    const configuration = await provider.configuration();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      client_id: configuration.clientMetadata().client_id,
      post_logout_redirect_uri: postLogoutRedirectUri,
    });
  } catch {
    return null;
  }
}
