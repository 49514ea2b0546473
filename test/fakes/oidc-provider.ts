import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package, certified) on 127.0.0.1 for
 * the SSO tests and journeys: discovery, authorization code with PKCE, ID tokens, userinfo and
 * RP-initiated logout, with its own small login form instead of the package's development pages
 * so that a browser and a fetch-driven test sign in the same way.
 *
 * The provider object is built on the first request, not at start: the app under test is
 * usually started after the provider (it needs the issuer), and the client's redirect URI names
 * the app's origin, so `setAppOrigin` can still change it until then.
 */
export interface FakeOidcAccount {
  sub: string;
  email?: string;
  /** What the provider says about the address (omitted when undefined). */
  emailVerified?: boolean;
  name?: string;
  password?: string;
}

export interface FakeOidcOptions {
  accounts?: FakeOidcAccount[];
  clientId?: string;
  clientSecret?: string;
  /** The app's origin: the client's redirect and post-logout URIs are derived from it. */
  appOrigin?: string;
  /** Put email and name in the ID token too (by default they come from userinfo only, as many providers do). */
  claimsInIdToken?: boolean;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: FakeOidcAccount[];
  /** The app's settings for this provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). */
  env: Record<'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET', string>;
  /** The app's origin (before the first request). */
  setAppOrigin(origin: string): void;
  /**
   * Signs in through the provider's login form without a browser: follows redirects from
   * `authorizationUrl` (with a cookie jar), posts the form, and returns the URL the provider
   * finally sends the browser to (the app's callback). `cancel` presses "Cancel" instead.
   */
  signIn(authorizationUrl: string, login: { email: string; password?: string } | 'cancel'): Promise<URL>;
  close(): Promise<void>;
}

export const FAKE_OIDC_PASSWORD = 'correct horse battery';

export const DEFAULT_OIDC_ACCOUNTS: FakeOidcAccount[] = [
  { sub: 'sso-alice', email: 'alice@example.test', emailVerified: true, name: 'Alice Provider' },
  { sub: 'sso-bob', email: 'bob@example.test', emailVerified: false, name: 'Bob Unverified' },
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error?: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fake identity provider</title>
<style>body{font-family:sans-serif;max-width:360px;margin:60px auto}label,input,button{display:block;width:100%;margin:8px 0}</style></head>
<body><h1>Fake identity provider</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label>E-mail <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeOidcProvider(opts: FakeOidcOptions = {}): Promise<FakeOidcProvider> {
  const accounts = opts.accounts ?? DEFAULT_OIDC_ACCOUNTS.map((a) => ({ ...a }));
  const clientId = opts.clientId ?? 'coverwatch-test';
  const clientSecret = opts.clientSecret ?? 'coverwatch-test-secret-0123456789';
  let appOrigin = opts.appOrigin ?? 'http://localhost';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'fake-oidc-1', use: 'sig', alg: 'RS256' };

  let provider: Provider | null = null;
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function build(): Provider {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [`${appOrigin}/api/p/oidc/callback`],
          post_logout_redirect_uris: [`${appOrigin}/authentication/basic/logout`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: ['fake-oidc-cookie-key-0123456789'] },
      pkce: { methods: ['S256'], required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: !opts.claimsInIdToken,
      // Explicit lifetimes (the package's defaults print a notice each).
      ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      async findAccount(_ctx, id) {
        const account = accounts.find((a) => a.sub === id);
        if (!account) return undefined;
        return {
          accountId: id,
          async claims() {
            return {
              sub: id,
              ...(account.email === undefined ? {} : { email: account.email }),
              ...(account.emailVerified === undefined ? {} : { email_verified: account.emailVerified }),
              ...(account.name === undefined ? {} : { name: account.name }),
            };
          },
        };
      },
    };
    const p = new Provider(issuer, configuration);
    return p;
  }

  /** Grants what the client asked for (a first-party client: no consent screen). */
  async function grantFor(p: Provider, accountId: string, clientIdAsked: string, scope: string): Promise<string> {
    const grant = new p.Grant({ accountId, clientId: clientIdAsked });
    grant.addOIDCScope(scope);
    return grant.save();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    provider ??= build();
    const p = provider;
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return p.callback()(req, res);

    const details = await p.interactionDetails(req, res);
    const scope = String(details.params.scope ?? 'openid');
    const clientAsked = String(details.params.client_id);
    if (req.method === 'GET') {
      // Already signed in at the provider: only the consent prompt is left, and it is implied.
      if (details.prompt.name === 'consent' && details.session?.accountId) {
        const grantId = await grantFor(p, details.session.accountId, clientAsked, scope);
        return p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage(details.uid));
      return;
    }
    const form = await readForm(req);
    if (form.get('action') === 'cancel') {
      return p.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' });
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    // An account without an address signs in with its subject.
    const account = accounts.find((a) => (a.email ?? a.sub).toLowerCase() === email);
    if (!account || (form.get('password') ?? '') !== (account.password ?? FAKE_OIDC_PASSWORD)) {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage(details.uid, 'Wrong e-mail or password'));
      return;
    }
    const grantId = await grantFor(p, account.sub, clientAsked, scope);
    return p.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } });
  }

  async function signIn(authorizationUrl: string, login: { email: string; password?: string } | 'cancel'): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const remember = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    };
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let hop = 0; hop < 12; hop++) {
      if (url.origin !== issuer) return url;
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: cookieHeader() } });
      remember(res);
      const posted = init.method === 'POST';
      init = {};
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const html = await res.text();
      if (res.status !== 200 || !/\/interaction\//.test(url.pathname)) throw new Error(`fake OIDC: unexpected ${res.status} at ${url}: ${html.slice(0, 300)}`);
      if (posted) throw new Error('fake OIDC: the login form refused the e-mail or password');
      const body =
        login === 'cancel'
          ? new URLSearchParams({ action: 'cancel' })
          : new URLSearchParams({ action: 'login', email: login.email, password: login.password ?? FAKE_OIDC_PASSWORD });
      init = { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('fake OIDC: too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    setAppOrigin(origin: string) {
      if (provider) throw new Error('fake OIDC: the app origin must be set before the first request');
      appOrigin = origin.replace(/(?<!\/)\/+$/, '');
    },
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
